/**
 * The identifiers every service and the web read from paths and bodies. The one place each
 * pattern is written: the `_PATTERN` strings are for building larger expressions (a URL path).
 * Browser-safe and free of zod, so the public pages' first load can use it (schemas: id.schema.ts).
 */

/** An article's reference number: letters, digits, `.`, `_`, `-`, 1 to 64 of them. */
export const ARTICLE_REF_PATTERN = '[A-Za-z0-9._-]{1,64}';
/** A reference number as the public routes accept it. */
export const ARTICLE_REF_RE = new RegExp(`^${ARTICLE_REF_PATTERN}$`);

/** A stored document's id as the API shows it: 24 lower-case hex digits. */
export const OBJECT_ID_PATTERN = '[a-f0-9]{24}';
export const OBJECT_ID_RE = new RegExp(`^${OBJECT_ID_PATTERN}$`);
export const isObjectId = (s: unknown): s is string => typeof s === 'string' && OBJECT_ID_RE.test(s);

/** An editor's id: a stored id, or the numeric id of an editor carried over from the old site. */
export const EDITOR_ID_RE = new RegExp(`^(?:${OBJECT_ID_PATTERN}|\\d{1,12})$`);
