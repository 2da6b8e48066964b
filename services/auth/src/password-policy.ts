import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_MESSAGE, passwordShapeProblem } from '@journal/contracts';

/**
 * The 49,000 most common passwords of breached-password corpora (zxcvbn-ts' common list, all lower
 * case), and this platform's own obvious ones. Read once, on first use.
 */
let common: ReadonlySet<string> | undefined;
const commonPasswords = () => (common ??= new Set([...dictionary['passwords-common'], 'admin12345', 'journal123', 'journal2024', 'editor123']));

/**
 * A listed password, ignoring case ('P@ssw0rd'), also when a run of digits or signs is added at
 * its end ('Summer2024', 'dragon!!'), as people do to pass a length rule.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && stem !== lower && list.has(stem);
}

/** Why `password` may not be used by `username`, or null when it may. */
export function passwordProblem(password: string, username: string): string | null {
  return passwordShapeProblem(password, username) ?? (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null);
}
