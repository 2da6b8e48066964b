import { articlePdfPath, decodeEntities, firstNumber, splitAuthors } from '../src/schemas';
import { ipMatcher, isIpRule, plainIp } from '../src/ip-match';
import { storedToPlainText } from '../src/sanitize';

describe('decodeEntities (docs/product.md#encoded-text)', () => {
  it('decodes named, decimal and hex entities once', () => {
    expect(decodeEntities('&lt;i&gt;Rosa&lt;/i&gt; &amp; &#39;b&#x27; &#945;&#x3b2;')).toBe("<i>Rosa</i> & 'b' αβ");
  });
  it('decodes only once: a literal entity typed by staff stays an entity', () => {
    // One copy decoded twice and turned this into a tag.
    expect(decodeEntities('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
    expect(decodeEntities('&amp;amp;')).toBe('&amp;');
  });
  it('knows every HTML5 named entity, not a hand-picked dozen', () => {
    expect(decodeEntities('&ndash;&mdash;&hellip;&deg;&micro;&plusmn;&times;&alpha;&euro;&copy;')).toBe('–—…°µ±×α€©');
  });
  it('leaves unknown names alone and replaces impossible code points as a browser does', () => {
    expect(decodeEntities('&bogus; AT&T')).toBe('&bogus; AT&T');
    expect(decodeEntities('&#0;')).toBe('\uFFFD');
    expect(decodeEntities('&#x110000;')).toBe('\uFFFD');
  });
  it('takes anything', () => {
    expect(decodeEntities(undefined)).toBe('');
    expect(decodeEntities(null)).toBe('');
    expect(decodeEntities(12)).toBe('12');
  });
});

describe('firstNumber (docs/product.md#route-params)', () => {
  it('reads the first run of digits after a text prefix', () => {
    expect(firstNumber('vol3')).toBe(3);
    expect(firstNumber('issue12x4')).toBe(12);
    expect(firstNumber('v1i2')).toBe(1);
    expect(firstNumber('2026')).toBe(2026);
    expect(firstNumber('007')).toBe(7);
    expect(firstNumber(4)).toBe(4);
  });
  it('is null, never NaN, when there is no number', () => {
    // One copy answered NaN here; another answered the raw text.
    for (const v of ['none', '', 'vol', undefined, null, {}, -1, 1.5, Number.NaN]) expect(firstNumber(v)).toBeNull();
  });
  it('is null above 6 digits, however long the text before it', () => {
    // The copies disagreed: null above 6 digits, null past Number.MAX_SAFE_INTEGER, or a number.
    expect(firstNumber('999999')).toBe(999999);
    expect(firstNumber('1234567')).toBeNull();
    expect(firstNumber('9'.repeat(30))).toBeNull();
    expect(firstNumber(`${'x'.repeat(200)}1`)).toBe(1);
  });
});

describe('splitAuthors (docs/product.md#authors)', () => {
  it('splits on commas, collapses whitespace and drops empty parts', () => {
    expect(splitAuthors(' Dr. A B,  C D E ,, F ')).toEqual(['Dr. A B', 'C D E', 'F']);
    expect(splitAuthors('A\tB,\nC')).toEqual(['A B', 'C']);
    expect(splitAuthors('राम कुमार, Anne Müller')).toEqual(['राम कुमार', 'Anne Müller']);
  });
  it('gives no authors for nothing', () => {
    expect(splitAuthors('')).toEqual([]);
    expect(splitAuthors(' , ,')).toEqual([]);
    expect(splitAuthors(undefined)).toEqual([]);
    expect(splitAuthors(null)).toEqual([]);
  });
});

describe('articlePdfPath (docs/product.md#files)', () => {
  it('builds the unversioned public path', () => {
    expect(articlePdfPath({ year: 2026, volume: 3, issue: 1, file: '1001.pdf' })).toBe('/assets/archives/2026/vol3issue1/1001.pdf');
    expect(articlePdfPath({ year: '2026', volume: '3', issue: '12', file: '77.pdf' })).toBe('/assets/archives/2026/vol3issue12/77.pdf');
  });
  it('never lets a file name leave its directory', () => {
    expect(articlePdfPath({ year: 2026, volume: 1, issue: 1, file: '../x y.pdf' })).toBe('/assets/archives/2026/vol1issue1/..%2Fx%20y.pdf');
  });
});

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
