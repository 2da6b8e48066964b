const HOST_RE = /^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/i;

export interface PublicOriginConfig {
  /** Scheme of absolute public URLs; TLS usually ends in front of the platform. */
  PUBLIC_SCHEME: 'http' | 'https';
  /** Fixed public port, or '' to keep the port of the Host header when it names the journal's host. */
  PUBLIC_PORT: string;
}

/**
 * The public origin a reader used, e.g. `https://journal.example.org` or `http://localhost:8080`:
 * the one place every absolute URL (canonical links, citation PDF URLs, JSON-LD, sitemap, robots,
 * OAI) gets its origin from. `journalHost` is the port-less host the gateway resolved; the
 * browser-facing `host` (nginx passes it on with its port) only contributes the port, and only
 * when it names that same host.
 */
export function publicOriginOf(
  headers: { host?: string | null; journalHost?: string | null },
  config: PublicOriginConfig,
): string {
  const raw = (headers.host ?? '').toLowerCase().trim();
  const [rawHost, rawPort] = raw.split(':');
  let host = (headers.journalHost ?? '').toLowerCase().trim();
  if (!HOST_RE.test(host) || host.length > 253) host = HOST_RE.test(rawHost ?? '') && (rawHost ?? '').length <= 253 ? rawHost! : 'localhost';
  const port = config.PUBLIC_PORT ? `:${config.PUBLIC_PORT}` : rawHost === host && rawPort && /^\d{1,5}$/.test(rawPort) ? `:${rawPort}` : '';
  const defaultPort = (config.PUBLIC_SCHEME === 'https' && port === ':443') || (config.PUBLIC_SCHEME === 'http' && port === ':80');
  return `${config.PUBLIC_SCHEME}://${host}${defaultPort ? '' : port}`;
}

/** Config fields of the public origin, for a service's zod config. */
export const PUBLIC_ORIGIN_DEFAULTS: PublicOriginConfig = { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '' };
