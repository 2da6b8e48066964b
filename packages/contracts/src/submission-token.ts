/**
 * docs/product.md#submissions: the status link is a random token of this many bytes (256 bits),
 * shown once and stored as a hash. A file of its own, so the schemas that check a token's form
 * carry nothing else of the workflow.
 */
export const SUBMISSION_TOKEN_BYTES = 32;
export const SUBMISSION_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
