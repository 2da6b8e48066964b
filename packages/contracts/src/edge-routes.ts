/**
 * Which query parameters each public route reads: the one table nginx's cache keys
 * (docker/nginx/default.conf.template, its generated block) and the gateway's forwarded targets
 * derive from (docs/architecture.md#edge-cache). Everything else a reader's link carries (fbclid,
 * utm_*, gclid, unknown names, empty values, their order, repeats) changes neither the key nor the
 * answer: the gateway passes a cached route only the parameters listed here, so an answer is a
 * function of its key and nginx keeps one copy of it.
 *
 * A value is taken as nginx's `$arg_<name>` takes it: the first `name=` (name caselessly) at the
 * start of the query or after an `&`, up to the next `&`, bytes as sent (not decoded). An empty
 * value counts as absent, as every page and read here treats it.
 */
export interface EdgeRoute {
  /** A name for tests and the generated config. */
  name: string;
  /**
   * The raw request path (before any decoding, without the query) this route answers: a regular
   * expression both PCRE (nginx) and JavaScript read alike, anchored at both ends.
   */
  pattern: string;
  /** The parameters its answer depends on, sorted, lower case, letters, digits and `_` only. */
  params: readonly string[];
}

/** Every route that reads a parameter; every other cached path reads none. */
export const EDGE_ROUTES: readonly EdgeRoute[] = [
  { name: 'api_search', pattern: '^/api/search/?$', params: ['keyword'] },
  { name: 'page_search', pattern: '^/search/?$', params: ['keyword'] },
  { name: 'page_pdf', pattern: '^/pdf/?$', params: ['refno'] },
  // The submission form and the status pages show the outcome of the form's plain post (no
  // cache keeps them, docs/product.md#submissions), from the redirect's parameters.
  { name: 'page_submit', pattern: '^/submit/?$', params: ['error', 'field'] },
  { name: 'page_submission', pattern: '^/submission(/[^/?]*)?/?$', params: ['done', 'error', 'field'] },
  // A reviewer's page (docs/product.md#peer-review), likewise after its forms' posts.
  { name: 'page_review', pattern: '^/review/[^/?]+/?$', params: ['done', 'error'] },
];

const compiled = EDGE_ROUTES.map((r) => ({ re: new RegExp(r.pattern), params: r.params }));

/** The parameters the route of this raw path reads (none for most). */
export function edgeParamsOf(path: string): readonly string[] {
  for (const r of compiled) if (r.re.test(path)) return r.params;
  return [];
}

/** nginx's `$arg_<name>` of a raw query (without its `?`): '' when absent. */
export function edgeArg(query: string, name: string): string {
  const n = name.length;
  let from = 0;
  for (;;) {
    const at = indexOfCaseless(query, name, from);
    if (at < 0 || at + n >= query.length) return '';
    if ((at === 0 || query.charCodeAt(at - 1) === 38) && query.charCodeAt(at + n) === 61) {
      const end = query.indexOf('&', at + n + 1);
      return query.slice(at + n + 1, end < 0 ? query.length : end);
    }
    from = at + 1;
  }
}

/** `name` is lower case ASCII (EdgeRoute.params), so folding the query's letters is enough. */
function indexOfCaseless(hay: string, name: string, from: number): number {
  const n = name.length;
  outer: for (let i = from; i + n <= hay.length; i++) {
    for (let j = 0; j < n; j++) {
      let c = hay.charCodeAt(i + j);
      if (c >= 65 && c <= 90) c += 32;
      if (c !== name.charCodeAt(j)) continue outer;
    }
    return i;
  }
  return -1;
}

/**
 * The canonical query of a request to this raw path: `?a=1&b=2` of the route's parameters that
 * have a value, in the table's order, or '' (the query as nginx's generated maps build it).
 */
export function edgeQuery(path: string, query: string): string {
  const params = edgeParamsOf(path);
  if (!params.length || !query) return '';
  let out = '';
  for (const p of params) {
    const v = edgeArg(query, p);
    if (v) out += `${out ? '&' : '?'}${p}=${v}`;
  }
  return out;
}

/**
 * A request target (origin form, `/path?query`) as a cached route answers it: its raw path and
 * the canonical query.
 */
export function edgeTarget(target: string): string {
  const q = target.indexOf('?');
  if (q < 0) return target;
  const path = target.slice(0, q);
  return path + edgeQuery(path, target.slice(q + 1));
}

/**
 * The content service's reads nginx keeps (its cached locations besides the pages, which are
 * every path the render process answers): the template's locations name these very expressions.
 */
export const EDGE_CACHED_READ_PATTERNS: readonly string[] = [
  '^/api/(settings|editors|indexing|archives|search)(/|$)',
  '^/(sitemap(-[a-z0-9-]+)?\\.xml|robots\\.txt|feed\\.(atom|rss))$',
];
const cachedReads = EDGE_CACHED_READ_PATTERNS.map((p) => new RegExp(p));

/** Whether nginx keeps this content read (by its raw path). */
export const isEdgeCachedRead = (path: string) => cachedReads.some((re) => re.test(path));
