import type { Request, Response } from 'express';
import type { CachedBody } from '../views/view-cache';

/** Public reads: any cache may keep them but must revalidate (cheap: 304 on a matching ETag). */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Sends a cached body with ETag, Cache-Control and nosniff, or 304 when the client has it. */
export function sendCached(req: Request, res: Response, c: CachedBody, opts: { status?: number; cacheControl?: string } = {}): void {
  res.setHeader('ETag', c.etag);
  res.setHeader('Cache-Control', opts.cacheControl ?? PUBLIC_REVALIDATE);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Vary', 'Accept-Encoding');
  const status = opts.status ?? 200;
  // Express compares If-None-Match / If-Modified-Since with the headers set above.
  if (status === 200 && (req.method === 'GET' || req.method === 'HEAD') && req.fresh) {
    res.status(304).end();
    return;
  }
  res.status(status);
  res.setHeader('Content-Type', c.contentType);
  res.setHeader('Content-Length', String(c.body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(c.body);
}
