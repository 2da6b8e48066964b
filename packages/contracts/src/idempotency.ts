/**
 * Idempotent writes (docs/architecture.md#idempotent-writes): a form makes a key when it opens and
 * sends it with every save; the service answers a repeat of the key with the first answer.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A key as the browser makes it (a UUID) or any client sends one: 16–128 URL-safe characters. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{16,128}$/;

/** How long a service keeps a key's first answer for its user. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Error codes of a key that cannot be answered (docs/product.md#api). */
export const IDEMPOTENCY_KEY_INVALID = 'idempotency_key_invalid';
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
export const IDEMPOTENCY_IN_PROGRESS = 'request_in_progress';
