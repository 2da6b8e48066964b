/**
 * docs/security.md#links: what a stored link or image address may be. One implementation for the
 * admin forms, the server's schemas and the sanitiser, and for what is answered: a value stored
 * before these rules that breaks them is answered empty.
 */

/** Schemes a stored link or a rich-text href may use. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

// Browsers drop ASCII whitespace and control characters anywhere in a URL's scheme
// (`java\tscript:`), so they are dropped before the scheme is read.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;
const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
const NO_SPACES = /^[^\s<>"]+$/;

/** The value's scheme in lower case, as a browser reads it; '' for a relative address. */
export function linkScheme(value: string): string {
  return SCHEME_RE.exec(String(value ?? '').replace(IGNORED_BY_BROWSERS, ''))?.[1]?.toLowerCase() ?? '';
}

/** An absolute http:, https: or mailto: address (empty is allowed: the field is optional). */
export function isSafeLink(value: string): boolean {
  const v = String(value ?? '').trim();
  if (v === '') return true;
  if (!NO_SPACES.test(v)) return false;
  const scheme = linkScheme(v);
  if (scheme === 'mailto') return /^mailto:[^@\s]+@[^@\s]+$/i.test(v);
  return (scheme === 'http' || scheme === 'https') && /^https?:\/\/[^/?#]+/i.test(v);
}

/**
 * A site address that may also be written without its scheme (`example.org/staff`): whatever
 * names a scheme must name an allowed one.
 */
export function isSafeLinkOrBareHost(value: string): boolean {
  const v = String(value ?? '').trim();
  if (v === '' || isSafeLink(v)) return true;
  return NO_SPACES.test(v) && linkScheme(v) === '' && !v.startsWith('//') && /^[a-z0-9]/i.test(v);
}

/** A rich-text href: an allowed scheme, or an address within the site (`/about`, `#top`). */
export function isSafeHref(value: string): boolean {
  const v = String(value ?? '').trim();
  const scheme = linkScheme(v);
  if (scheme) return (LINK_SCHEMES as readonly string[]).includes(scheme);
  return !v.replace(IGNORED_BY_BROWSERS, '').startsWith('//');
}

/**
 * `path` with its percent-escapes decoded until none is left, as a browser or a server in between
 * may decode them (`%2e%2e` is `..` to a browser, `%252e` one more decoding later); null for a
 * malformed escape or more layers than anyone needs.
 */
function fullyDecoded(path: string): string | null {
  let cur = path;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(cur);
    } catch {
      return null;
    }
    if (next === cur) return cur;
    cur = next;
  }
  return null;
}

/**
 * An uploaded asset of this site (`/assets/...`, or the bare file name of a site image such as
 * `cover.png`, which pages read from /assets/site/) or an https: address. An asset path is
 * checked decoded, so no escape can climb out of /assets/.
 */
export function isSafeImageUrl(value: string): boolean {
  const v = String(value ?? '').trim();
  if (v === '' || /^[a-z0-9][a-z0-9._-]*$/i.test(v)) return true;
  if (!NO_SPACES.test(v)) return false;
  if (v.startsWith('/assets/')) {
    const d = fullyDecoded(v);
    // Matching control characters is the point here.
    // eslint-disable-next-line no-control-regex
    return d !== null && d.startsWith('/assets/') && !d.includes('..') && !d.includes('\\') && !d.includes('//') && !/[\u0000-\u001f\u007f]/.test(d);
  }
  return linkScheme(v) === 'https' && /^https:\/\/[^/?#]+/i.test(v);
}

export const linkMessage = (label: string) => `${label} must be an http://, https:// or mailto: address`;
export const imageUrlMessage = (label: string) => `${label} must be an uploaded image (/assets/... or a file name) or an https:// address`;

/** What is answered for a stored value: itself when it keeps the rules, else ''. */
export const safeLinkOrEmpty = (value: string | undefined | null): string => (isSafeLink(value ?? '') ? (value ?? '') : '');
export const safeImageUrlOrEmpty = (value: string | undefined | null): string => (isSafeImageUrl(value ?? '') ? (value ?? '') : '');
