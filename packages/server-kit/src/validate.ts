import type { z } from 'zod';
import { hiddenCharPath, HIDDEN_CHAR_MESSAGE } from '@journal/contracts';
import { AppError } from './errors';

/**
 * Parses input at the service edge; a failure is a 400 naming each bad field. Every text in the
 * input is held to the stored-text rule first (docs/security.md#input), whatever its schema.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  assertNoHiddenChars(input);
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new AppError(
    400,
    'validation_error',
    r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

/** 400 validation_error naming the first field whose text holds a control or bidi character. */
export function assertNoHiddenChars(input: unknown): void {
  const at = hiddenCharPath(input);
  if (!at) return;
  const path = at.join('.');
  throw new AppError(400, 'validation_error', `${path || 'body'}: ${HIDDEN_CHAR_MESSAGE}`, [{ path, message: HIDDEN_CHAR_MESSAGE }]);
}
