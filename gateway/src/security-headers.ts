import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The gateway's helmet policy. TLS ends in front of us; upgrading requests is left to the
 *  deployment so plain-HTTP hosts keep working. The project's one Content-Security-Policy: nginx's
 *  copy for the pages it serves itself is held to it by test/csp.test.ts. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'https:'], 'frame-ancestors': ["'self'"], 'upgrade-insecure-requests': null } },
};

/**
 * The headers helmet sets, worked out once: they depend on neither the request nor the answer, so
 * running helmet's dozen middlewares on every request would only repeat the same strings. Names
 * are lower case, as a service's answer headers are, so a service's own value replaces ours.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  // helmet's middlewares are synchronous; a version that is not would leave the answer unsecured.
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}
