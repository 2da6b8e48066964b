import { normaliseHost } from '@journal/server-kit/public-origin';

/**
 * The path and query of a request target, and for an absolute-form target (`GET http://host/x`)
 * its normalised host too ('' when that host is no valid name); null when unparseable.
 */
export function requestTarget(raw: string): { url: string; host?: string } | null {
  if (raw.startsWith('/')) return { url: raw };
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return { url: u.pathname + u.search, host: normaliseHost(u.hostname) ?? '' };
  } catch {
    return null;
  }
}
