import { OBJECT_ID_PATTERN } from '@journal/contracts/ids';

/** Which upstream owns a path (docs/architecture.md#services). */
export type Upstream = 'content' | 'content-staff' | 'auth' | 'worklog' | 'pdf' | 'render';

const RULES: [RegExp, Upstream][] = [
  // The platform's operators (docs/security.md#platform-operators), on the platform's host alone.
  [/^\/api\/platform\/auth(\/|$)/, 'auth'],
  [/^\/api\/platform(\/|$)/, 'content'],
  [/^\/auth(\/|$)/, 'auth'],
  [/^\/api\/users(\/|$)/, 'auth'],
  [/^\/api\/activity(\/|$)/, 'auth'],
  [/^\/api\/webdata(\/|$)/, 'worklog'],
  [/^\/api\/pdf(\/|$)/, 'pdf'],
  [/^\/api\/(settings|editors|indexing|archives|admin|search|submissions|reviews)(\/|$)/, 'content'],
  [/^\/assets\/(archives|editors|indexing|site)\//, 'content'],
  [/^\/(sitemap(-[a-z0-9-]+)?\.xml|robots\.txt|oai|feed\.(atom|rss))$/, 'content'],
  // The COUNTER_SUSHI API (docs/product.md#counter), the LOCKSS and CLOCKSS manifests (#preservation).
  [/^\/counter\/r51(\/|$)/, 'content'],
  [/^\/c?lockss(\/\d{4})?$/, 'content'],
  // Every other path is a page of the public site: the render process answers it, unknown ones
  // with its 404 page.
  [/^\/(?!(api|auth|assets|internal)(\/|$))/, 'render'],
];

/** The platform's API: answered on COUNTER_PLATFORM_HOST only, never on a journal's host. */
export const isPlatformApi = (path: string) => /^\/api\/platform(\/|$)/.test(path);

export function upstreamFor(path: string): Upstream | undefined {
  return RULES.find(([re]) => re.test(path))?.[1];
}

const ADMIN_RE = /^\/api\/(admin|platform)(\/|$)/;

/**
 * Content's staff side: every write (a save, a submission, a review) and every admin read goes to
 * the content processes of their own (CONTENT_STAFF_URL), so no save waits behind readers' work on
 * the event loop that renders and reads public pages, as do the platform operators' reads.
 * Readers' reads stay on `content`.
 */
export const sideOf = (upstream: Upstream, method: string, path: string): Upstream =>
  upstream === 'content' && ((method !== 'GET' && method !== 'HEAD') || ADMIN_RE.test(path)) ? 'content-staff' : upstream;

/** Upload routes get the larger body limit: a 5 MB PDF plus the article fields. */
const UPLOAD_RE = new RegExp(
  `^/api/(admin/archives/?|archives/[^/]+/?|editors(/[^/]+)?/?|settings/images/[a-z]+/?|admin/indexing(/${OBJECT_ID_PATTERN})?/?)$`,
);
export const isUploadRoute = (method: string, path: string) => method === 'POST' && UPLOAD_RE.test(path);

/**
 * A manuscript (at most 20 MB, docs/product.md#submissions) with the form's fields, the admin's publish with its final PDF,
 * a review with its annotated file and the anonymised manuscript for review (docs/product.md#peer-review).
 */
const SUBMISSION_UPLOAD_RE =
  /^\/api\/(submissions\/?|submissions\/status\/[A-Za-z0-9_-]{1,64}\/(revision|receipt)\/?|reviews\/[A-Za-z0-9_-]{1,64}\/(draft|submit)\/?|admin\/submissions\/[a-f0-9]{24}\/(publish|review-manuscript)\/?)$/;
export const isSubmissionUploadRoute = (method: string, path: string) => method === 'POST' && SUBMISSION_UPLOAD_RE.test(path);
