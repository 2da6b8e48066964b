import type { ZodError } from 'zod';

/** The message a one-line form shows for a refused input: its first problem. */
export const firstProblem = (error: ZodError): string => error.issues[0]?.message ?? 'Something went wrong';

/** A form's problems by field ('title', 'flags.ownerLink'), the first one of each field kept. */
export function problemsByField(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}
