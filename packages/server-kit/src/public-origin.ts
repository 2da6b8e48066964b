import { z } from 'zod';

const HOST_RE = /^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/;

/**
 * The one normal form of a host name every layer keys on: lower case, no port, no trailing dot
 * (nginx's `$host` is the same form). Undefined when `raw` is no valid host name: bracketed IPv6
 * literals, user info, paths and wildcards are refused.
 */
export function normaliseHost(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > 260) return undefined;
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return undefined;
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  return host.length <= 253 && HOST_RE.test(host) ? host : undefined;
}

export interface PublicOriginConfig {
  /** Scheme of absolute public URLs; TLS usually ends in front of the platform. */
  PUBLIC_SCHEME: 'http' | 'https';
  /** Port of absolute public URLs, '' for the scheme's default; the same for every journal. */
  PUBLIC_PORT: string;
}

/**
 * A journal's public origin, e.g. `https://journal.example.org` or `http://localhost:8080`: the
 * one place every absolute URL (canonical links, citation PDF URLs, JSON-LD, sitemap, robots, OAI,
 * feeds, Crossref deposits, redirects to the primary host) gets its origin from. `journalHost` is
 * the journal's primary host (the gateway resolves it from the journal record and passes it on);
 * scheme and port come from the deployment's configuration, never from what a client sent.
 */
export function publicOriginOf(journalHost: string | null | undefined, config: PublicOriginConfig): string {
  const host = normaliseHost(journalHost) ?? 'localhost';
  const port = /^\d{1,5}$/.test(config.PUBLIC_PORT) ? `:${config.PUBLIC_PORT}` : '';
  const defaultPort = (config.PUBLIC_SCHEME === 'https' && port === ':443') || (config.PUBLIC_SCHEME === 'http' && port === ':80');
  return `${config.PUBLIC_SCHEME}://${host}${defaultPort ? '' : port}`;
}

/**
 * The public origin settings of every process that writes absolute URLs or redirects to them (the
 * gateway, the content service, the render process): one value for the whole deployment.
 */
export const publicOriginConfigShape = {
  /** Scheme of absolute public URLs: https behind TLS, http locally. */
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  /** Port of absolute public URLs when the site is not on the scheme's default port (local runs: nginx's). */
  PUBLIC_PORT: z.string().regex(/^\d{0,5}$/, 'PUBLIC_PORT must be a port number or empty').default(''),
};
