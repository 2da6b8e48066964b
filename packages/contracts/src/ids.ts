/**
 * The identifiers every service and the web read from paths and bodies. The one place each
 * pattern is written: the `_PATTERN` strings are for building larger expressions (a URL path).
 * Browser-safe and free of zod, so the public pages' first load can use it (schemas: id.schema.ts).
 */

/**
 * The one rule of an article's reference number (docs/product.md#article-rules). A new article
 * gets digits only, 1 to 12 of them (NEW_ARTICLE_REF_RE). Older records carry letters, digits,
 * `.`, `_` and `-` (not a dot first), up to 64 characters, and keep them: every read, edit and document of an
 * article (public pages, JATS, citations, certificates, cover pages, bulk selections) accepts any
 * reference of this wider form (ARTICLE_REF_RE); an edit may keep the one stored, but a changed
 * one follows the new-article rule.
 */
// Never a dot first: `.` and `..` would be path segments wherever a reference is put in a URL or a file name.
export const ARTICLE_REF_PATTERN = '[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}';
/** Any article's reference number, as reads, edits and documents accept it. */
export const ARTICLE_REF_RE = new RegExp(`^${ARTICLE_REF_PATTERN}$`);
/** A new article's reference number: digits only. */
export const NEW_ARTICLE_REF_RE = /^\d{1,12}$/;

/** A stored document's id as the API shows it: 24 lower-case hex digits. */
export const OBJECT_ID_PATTERN = '[a-f0-9]{24}';
export const OBJECT_ID_RE = new RegExp(`^${OBJECT_ID_PATTERN}$`);
export const isObjectId = (s: unknown): s is string => typeof s === 'string' && OBJECT_ID_RE.test(s);

/**
 * docs/security.md#platform-operators: the tenant the gateway names on the platform's own host
 * (COUNTER_PLATFORM_HOST) for the platform routes alone. No journal has it: an ObjectId begins with
 * its creation time. The platform's SUSHI customers are stored under the same id.
 */
export const PLATFORM_TENANT_ID = '000000000000000000000000';

/** An editor's id: a stored id, or the numeric id of an editor carried over from the old site. */
export const EDITOR_ID_RE = new RegExp(`^(?:${OBJECT_ID_PATTERN}|\\d{1,12})$`);
