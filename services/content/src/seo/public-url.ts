import type { Request } from 'express';
import { PUBLIC_HOST_HEADER, publicOriginOf } from '@journal/server-kit';
import { articlePagePath, issuePagePath } from '@journal/contracts';
import type { ContentConfig } from '../config';

/**
 * The journal's public origin: its primary host (the gateway resolves it from the journal record
 * and sets the header; a client's copy never passes the gateway) with the configured scheme and
 * port. The request's own Host header plays no part.
 */
export function publicOrigin(req: Request, config: Pick<ContentConfig, 'PUBLIC_SCHEME' | 'PUBLIC_PORT'>): string {
  return publicOriginOf(req.header(PUBLIC_HOST_HEADER), config);
}

/** Page paths of the public site (docs/product.md#public-routes). */
export const pagePath = { issue: issuePagePath, article: articlePagePath };
