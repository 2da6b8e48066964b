import {
  absoluteUrl, articlePdfPath, decodeEntities, DEFAULT_JOURNAL_FLAGS, firstNumber, journalFlagsSchema, publicSettingsSchema, SETTINGS_TEXT_FIELDS,
  pageSpan, splitAuthors, splitKeywords,
} from '../src/index.js';

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

describe('absoluteUrl', () => {
  const origin = 'https://j.example.org';
  it('encodes each path segment exactly once', () => {
    // One copy encoded the already-encoded PDF path again: a%20b.pdf became a%2520b.pdf.
    expect(absoluteUrl(origin, '/assets/x/a%20b.pdf')).toBe(`${origin}/assets/x/a%20b.pdf`);
    expect(absoluteUrl(origin, '/assets/x/a b.pdf')).toBe(`${origin}/assets/x/a%20b.pdf`);
    expect(absoluteUrl(origin, articlePdfPath({ year: 2026, volume: 1, issue: 1, file: '../x y.pdf' }))).toBe(
      `${origin}/assets/archives/2026/vol1issue1/..%2Fx%20y.pdf`,
    );
  });
  it('keeps the version query and passes absolute URLs through', () => {
    // One copy prefixed the origin to an absolute URL.
    expect(absoluteUrl(origin, '/assets/x/a.pdf?v=3')).toBe(`${origin}/assets/x/a.pdf?v=3`);
    expect(absoluteUrl(origin, 'https://cdn.example/x.pdf')).toBe('https://cdn.example/x.pdf');
  });
  it('leaves a stray % alone rather than throwing', () => {
    expect(absoluteUrl(origin, '/a/100%.pdf')).toBe(`${origin}/a/100%25.pdf`);
  });
});

describe('DEFAULT_JOURNAL_FLAGS', () => {
  it('are the flags the settings schema gives a journal that set none', () => {
    expect({ showNaas: false, showUsageStats: false, ...journalFlagsSchema.parse({}) }).toEqual(DEFAULT_JOURNAL_FLAGS);
  });
});

describe('publicSettingsSchema', () => {
  it('reads every text setting of a whole answer, and refuses an answer with one missing or not text', () => {
    const whole = { ...Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, ''])), websitename: 'J', flags: {}, asset_urls: {} };
    const s = publicSettingsSchema.parse(whole);
    for (const k of SETTINGS_TEXT_FIELDS) expect(typeof s[k]).toBe('string');
    expect(s.websitename).toBe('J');
    // A wrong answer fails to parse (a reader gets a 503), never passes as an empty field.
    expect(publicSettingsSchema.safeParse({ ...whole, issn: 12 }).success).toBe(false);
    expect(publicSettingsSchema.safeParse({ websitename: 'J', flags: {}, asset_urls: {} }).success).toBe(false);
  });
});

describe('splitKeywords and pageSpan (citations and deposits)', () => {
  it('splits keywords on commas and semicolons', () => {
    expect(splitKeywords(' soil; water ,, plant ;')).toEqual(['soil', 'water', 'plant']);
    expect(splitKeywords(undefined)).toEqual([]);
  });
  it('reads a page range with a hyphen or a dash, or a lone page, and nothing else', () => {
    // The copies disagreed: one split on '-' only and gave 'a' and 'b' as pages.
    expect(pageSpan('12-19')).toEqual({ first: '12', last: '19' });
    expect(pageSpan(' 12 – 19 ')).toEqual({ first: '12', last: '19' });
    expect(pageSpan('7')).toEqual({ first: '7', last: '7' });
    for (const v of ['a-b', '12-', '', undefined, 12]) expect(pageSpan(v)).toBeNull();
  });
});
