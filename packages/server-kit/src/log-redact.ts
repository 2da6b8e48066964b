/**
 * Secrets that travel in request targets and must never reach a log line (docs/security.md#logs):
 * the path segment after a submission's status-link prefix (the author's private token) or a
 * review link's prefix (the reviewer's), the signature of a reviewer certificate's link, and the
 * COUNTER SUSHI `api_key` parameter. nginx's log formats redact the same targets with the map in
 * docker/nginx/default.conf.template.
 */
const SECRET_SEGMENT_RE = /^(\/(?:submission|api\/submissions\/status|review|api\/reviews|api\/pdf\/reviewer-certificate\/[^/?#]+)\/)[^/?#]+/i;
const SECRET_PARAM_RE = /([?&]api_key=)[^&#]*/gi;
export const REDACTED = '[redacted]';

/** The request target as a log line may hold it. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT_RE, `$1${REDACTED}`).replace(SECRET_PARAM_RE, `$1${REDACTED}`);
}
