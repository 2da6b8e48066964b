/**
 * docs/product.md#editor-rules: an editor's website is a web address: an http(s) URL or a bare
 * host with a dot and a letter top-level domain ('soil.example.org/iyer'), optionally a port and a
 * path; no spaces, no other scheme. Shown as a link only when it is one. In a file of its own: the
 * public site's entry imports text.rules.ts, and only the board and contact pages need this rule.
 */
const WEBSITE_RE = /^(?:https?:\/\/)?(?:[\p{L}\p{N}][\p{L}\p{M}\p{N}-]{0,62}\.)+\p{L}[\p{L}\p{M}]{1,62}\.?(?::\d{1,5})?(?:[/?#][^\s<>"]*)?$/iu;
export const isWebsite = (v: string): boolean => v.length <= 500 && WEBSITE_RE.test(v);
export const WEBSITE_MESSAGE = 'Website must be a web address such as https://example.org';
