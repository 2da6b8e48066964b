import { ipAllowed } from '../src/ip-rules';
import { COMMON_PASSWORD_MESSAGE } from '@journal/contracts';
import { isCommonPassword, passwordProblem } from '../src/password-policy';
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
    ['Password123', COMMON_PASSWORD_MESSAGE],
    ['maria-2024!', 'Password must not contain the user name'],
  ])('refuses %s', (pw, message) => {
    expect(passwordProblem(pw, 'maria')).toBe(message);
  });
  it('accepts a long varied password', () => {
    expect(passwordProblem('correct horse battery', 'maria')).toBeNull();
  });
  it('refuses common and breached passwords whatever their case, and with digits or signs added', () => {
    for (const pw of ['P@ssw0rd', 'Summer2024', '1q2w3e4r', 'Aa123456', 'qwertyuiop', 'Dragon!!', 'michael1987', 'ＰＡＳＳＷＯＲＤ１']) {
      expect([pw, passwordProblem(pw, 'maria')]).toEqual([pw, COMMON_PASSWORD_MESSAGE]);
    }
    for (const pw of ['correct horse battery', 'tangerine-orbit-41', 'Kx9#mQ2vL']) expect([pw, isCommonPassword(pw)]).toEqual([pw, false]);
  });
});

describe('userNameProblem', () => {
  it('accepts ordinary names and refuses spaces, operators and empties', () => {
    expect(userNameProblem('editor.two')).toBeNull();
    expect(userNameProblem('a@b.org')).toBeNull();
    for (const bad of ['', ' lead', 'two words', '$ne', 'x'.repeat(101)]) expect(userNameProblem(bad)).not.toBeNull();
  });
});
