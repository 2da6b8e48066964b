import { ipMatcher, isIpRule, plainIp } from '../src/ip-match';
import { storedToPlainText } from '../src/sanitize';

describe('storedToPlainText', () => {
  it('decodes the storage encoding, drops tags, then decodes the text', () => {
    expect(storedToPlainText('&lt;i&gt;E. coli&lt;/i&gt; &amp;amp; more')).toBe('E. coli & more');
    expect(storedToPlainText('<b>A</b>&nbsp;<script>x()</script>B')).toBe('A B');
  });
});

describe('ipMatcher', () => {
  it('matches IPv4 addresses and blocks, mapped IPv6 peers included', () => {
    const m = ipMatcher(['10.0.0.0/8', '192.168.1.7']);
    expect(m('10.2.3.4')).toBe(true);
    expect(m('::ffff:10.2.3.4')).toBe(true);
    expect(m('192.168.1.7')).toBe(true);
    expect(m('192.168.1.8')).toBe(false);
    expect(m('11.0.0.1')).toBe(false);
  });
  it('matches IPv6 addresses and blocks (the copies answered false for every IPv6 block)', () => {
    const m = ipMatcher(['2001:db8::/32', '::1', 'fd00::/8']);
    expect(m('2001:db8:1::5')).toBe(true);
    expect(m('2001:db9::1')).toBe(false);
    expect(m('::1')).toBe(true);
    expect(m('0:0:0:0:0:0:0:1')).toBe(true);
    expect(m('fdab::1')).toBe(true);
    expect(m('127.0.0.1')).toBe(false);
  });
  it('treats /0 as everything of that family', () => {
    expect(ipMatcher(['0.0.0.0/0'])('203.0.113.9')).toBe(true);
    expect(ipMatcher(['0.0.0.0/0'])('2001:db8::1')).toBe(false);
    expect(ipMatcher(['::/0'])('2001:db8::1')).toBe(true);
  });
  it('ignores rules that are not addresses and never matches garbage', () => {
    const m = ipMatcher(['not-an-ip', '10.0.0.0/33', '10.0.0.0/8/1', '', ' 127.0.0.1 ']);
    expect(m('127.0.0.1')).toBe(true);
    expect(m('10.0.0.1')).toBe(false);
    expect(m('')).toBe(false);
    expect(m('not-an-ip')).toBe(false);
    expect(ipMatcher([])('127.0.0.1')).toBe(false);
  });
  it('validates single rules', () => {
    expect(['1.2.3.4', '1.2.3.0/24', '::1', '2001:db8::/48'].every(isIpRule)).toBe(true);
    expect(['1.2.3.4/40', '::1/129', 'x', '1.2.3.4/'].some(isIpRule)).toBe(false);
    expect(plainIp('::FFFF:1.2.3.4')).toBe('1.2.3.4');
  });
});
