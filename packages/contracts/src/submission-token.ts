/**
 * docs/product.md#submissions: the status link is a random token of this many bytes (256 bits),
 * shown once and stored as a hash. A file of its own: every public page's loader checks a token's
 * form, and nothing else of the workflow belongs in a reader's first load.
 */
export const SUBMISSION_TOKEN_BYTES = 32;
export const SUBMISSION_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
