import type { Request } from 'express';
import { PUBLIC_HOST_HEADER, publicOriginOf } from '@journal/server-kit';
import type { ContentConfig } from '../config';

/** The journal's public origin for this request, from the helper the render process uses too. */
export function publicOrigin(req: Request, config: Pick<ContentConfig, 'PUBLIC_SCHEME' | 'PUBLIC_PORT'>): string {
  return publicOriginOf({ host: req.header('host'), journalHost: req.header(PUBLIC_HOST_HEADER) }, config);
}

/** Page paths of the public site (docs/product.md#public-routes). */
export const pagePath = {
  issue: (a: { year: number; volume: number; issue: number }) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}`,
  article: (a: { year: number; volume: number; issue: number; refnumber: string }) =>
    `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(a.refnumber)}`,
};
