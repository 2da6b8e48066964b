import type { z } from 'zod';
import { AppError } from './errors';

/** Parses input at the service edge; a failure is a 400 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new AppError(
    400,
    'validation_error',
    r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}
