/**
 * docs/security.md#passwords-and-login-throttling: the rules of every new password (creation,
 * change, reset), shared by the auth service and the admin's forms. Length is the main rule; the
 * auth service also refuses passwords found in lists of common and breached ones
 * (COMMON_PASSWORD_MESSAGE), a list too large for the browser.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_SHORT_MESSAGE = `Password must have at least ${PASSWORD_MIN_LENGTH} characters`;
export const COMMON_PASSWORD_MESSAGE = 'Password is too common: it is on the lists of leaked passwords that attackers try first. Choose another, such as a few unrelated words';

/** Why `password` may not be used by `username` by its shape alone, or null when it may. */
export function passwordShapeProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  if (new Set(password).size < 4) return 'Password is too simple: use more different characters';
  if (username.length >= 3 && password.toLowerCase().includes(username.toLowerCase())) return 'Password must not contain the user name';
  return null;
}
