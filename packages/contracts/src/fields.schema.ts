import { z } from 'zod';

/**
 * A text a form must not leave empty: trimmed, `message` when it is empty, `typeError` (the same
 * by default) when what came is not text at all.
 */
export const requiredString = (message: string, typeError = message) => z.string({ error: typeError }).trim().min(1, message);
