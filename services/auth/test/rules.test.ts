import { ipAllowed } from '../src/ip-rules';
import { passwordProblem } from '../src/password-policy';
import { userNameProblem } from '../src/auth.service';

describe('ipAllowed', () => {
  it('allows everyone without rules', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
  });
  it('matches exact addresses, IPv4-mapped IPv6 and CIDR blocks', () => {
    expect(ipAllowed(['10.0.0.5'], '10.0.0.5')).toBe(true);
    expect(ipAllowed(['10.0.0.5'], '::ffff:10.0.0.5')).toBe(true);
    expect(ipAllowed(['10.0.0.5'], '10.0.0.6')).toBe(false);
    expect(ipAllowed(['192.168.50.0/24'], '192.168.50.200')).toBe(true);
    expect(ipAllowed(['192.168.50.0/24'], '192.168.51.1')).toBe(false);
    expect(ipAllowed(['0.0.0.0/0'], '8.8.8.8')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
  });
  it('refuses malformed rules rather than allowing', () => {
    expect(ipAllowed(['10.0.0.0/33'], '10.0.0.1')).toBe(false);
    expect(ipAllowed(['nonsense/8'], '10.0.0.1')).toBe(false);
    expect(ipAllowed(['10.0.0.0/8'], '::1')).toBe(false);
  });
});

describe('passwordProblem', () => {
  it.each([
    ['short', 'Password must have at least 8 characters'],
    ['aaaaaaaaaa', 'Password is too simple: use more different characters'],
    ['Password123', 'Password is too common'],
    ['maria-2024!', 'Password must not contain the user name'],
  ])('refuses %s', (pw, message) => {
    expect(passwordProblem(pw, 'maria')).toBe(message);
  });
  it('accepts a long varied password', () => {
    expect(passwordProblem('correct horse battery', 'maria')).toBeNull();
  });
});

describe('userNameProblem', () => {
  it('accepts ordinary names and refuses spaces, operators and empties', () => {
    expect(userNameProblem('editor.two')).toBeNull();
    expect(userNameProblem('a@b.org')).toBeNull();
    for (const bad of ['', ' lead', 'two words', '$ne', 'x'.repeat(101)]) expect(userNameProblem(bad)).not.toBeNull();
  });
});
