import type { Request } from 'express';
import { PUBLIC_HOST_HEADER } from '@journal/common';
import type { ContentConfig } from '../config';

const HOST_RE = /^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/i;

/**
 * The journal's public origin, e.g. `https://journal.example.org`. The host is the one the gateway
 * resolved (`x-journal-host`, port-less); when the browser-facing Host header names the same host
 * with a port (local runs on :8080), that port is kept.
 */
export function publicOrigin(req: Request, config: Pick<ContentConfig, 'PUBLIC_SCHEME' | 'PUBLIC_PORT'>): string {
  const raw = (req.header('host') ?? '').toLowerCase();
  const [rawHost, rawPort] = raw.split(':');
  let host = (req.header(PUBLIC_HOST_HEADER) ?? '').toLowerCase().trim();
  if (!HOST_RE.test(host) || host.length > 253) host = HOST_RE.test(rawHost ?? '') ? rawHost! : 'localhost';
  const port = config.PUBLIC_PORT ? `:${config.PUBLIC_PORT}` : rawHost === host && rawPort && /^\d{1,5}$/.test(rawPort) ? `:${rawPort}` : '';
  const defaultPort = (config.PUBLIC_SCHEME === 'https' && port === ':443') || (config.PUBLIC_SCHEME === 'http' && port === ':80');
  return `${config.PUBLIC_SCHEME}://${host}${defaultPort ? '' : port}`;
}

/** Page paths of the public site (docs/product.md#public-routes). */
export const pagePath = {
  issue: (a: { year: number; volume: number; issue: number }) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}`,
  article: (a: { year: number; volume: number; issue: number; refnumber: string }) =>
    `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(a.refnumber)}`,
};

/** A public file URL made absolute, each path segment URL-encoded; its version query is kept. */
export const absolute = (origin: string, url: string) => {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return origin + path.split('/').map((s) => encodeURIComponent(s)).join('/') + (q < 0 ? '' : url.slice(q));
};
