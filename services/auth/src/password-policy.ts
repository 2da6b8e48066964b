export const PASSWORD_MIN_LENGTH = 8;

// A handful of the most guessed passwords; the length rule removes most of the others.
const COMMON = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwertyuiop', 'qwerty123',
  'iloveyou', 'admin123', 'admin1234', 'admin12345', 'welcome1', 'letmein1', 'abcd1234', '11111111', '00000000',
  'changeme', 'journal123',
]);

/** Why `password` may not be used by `username`, or null when it may. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > 200) return 'Password must have at most 200 characters';
  if (new Set(password).size < 4) return 'Password is too simple: use more different characters';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'Password is too common';
  if (username && lower.includes(username.toLowerCase()) && username.length >= 3) return 'Password must not contain the user name';
  return null;
}
