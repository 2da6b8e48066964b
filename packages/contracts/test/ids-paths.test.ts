import {
  ARTICLE_REF_PATTERN, ARTICLE_REF_RE, articlePagePath, articleRefSchema, articleUpdateSchema, NEW_ARTICLE_REF_RE, REF_NUMBER_RE, EDITOR_ID_RE, escapeHtml, isObjectId, isTitleTag, issuePagePath,
  OBJECT_ID_RE, objectIdSchema, TITLE_TAG_PATTERN, TITLE_TAGS,
} from '../src/index.js';

describe('identifier patterns: one place each', () => {
  it('reference numbers: letters, digits, dot, underscore and hyphen, 1 to 64, never a dot first; new ones digits only', () => {
    for (const ok of ['1019', 'A-1.b_2', 'AJ-2019-17', '_x.', 'x'.repeat(64)]) expect([ok, ARTICLE_REF_RE.test(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'x'.repeat(65), 'a/b', 'a b', '<script>', 'ä', '.', '..', '.x']) expect([bad, ARTICLE_REF_RE.test(bad)]).toEqual([bad, false]);
    for (const ok of ['1', '1019', '9'.repeat(12)]) expect([ok, NEW_ARTICLE_REF_RE.test(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'AJ-2019-17', '12a', '1.5', '-1', '9'.repeat(13)]) expect([bad, NEW_ARTICLE_REF_RE.test(bad)]).toEqual([bad, false]);
    // The add form's rule is the new-article one; any stored reference passes the edit's.
    expect([REF_NUMBER_RE, articleUpdateSchema.shape.refnumber.safeParse('AJ-2019-17').success, articleUpdateSchema.shape.refnumber.safeParse('a b').success]).toEqual([NEW_ARTICLE_REF_RE, true, false]);
    expect(new RegExp(`^/r/(${ARTICLE_REF_PATTERN})$`).exec('/r/5042')?.[1]).toBe('5042');
    expect(articleRefSchema.parse(' 5042 ')).toBe('5042');
    expect(articleRefSchema.safeParse('a b').success).toBe(false);
  });

  it('stored ids: 24 lower-case hex digits; editor ids may also be an old numeric id', () => {
    const id = '0123456789abcdef01234567';
    expect([OBJECT_ID_RE.test(id), isObjectId(id), objectIdSchema.safeParse(id).success]).toEqual([true, true, true]);
    for (const bad of [id.toUpperCase(), `${id}0`, id.slice(1), { $ne: null }, 42]) expect(isObjectId(bad)).toBe(false);
    expect([EDITOR_ID_RE.test(id), EDITOR_ID_RE.test('123'), EDITOR_ID_RE.test('1'.repeat(13)), EDITOR_ID_RE.test('12a')]).toEqual([true, true, false, false]);
  });
});

describe('public page paths (docs/product.md#public-routes)', () => {
  it('builds the issue and article pages, the reference URL-encoded', () => {
    expect(issuePagePath({ year: 2026, volume: 4, issue: 2 })).toBe('/archives/2026/vol4/issue2');
    expect(articlePagePath({ year: 2026, volume: '4', issue: 2, refnumber: 1042 })).toBe('/archives/2026/vol4/issue2/1042');
    expect(articlePagePath({ year: 2026, volume: 4, issue: 2, refnumber: 'a b' })).toBe('/archives/2026/vol4/issue2/a%20b');
  });
});

describe('title tags and HTML escaping', () => {
  it('the title keeps italics and sub-/superscript, bare', () => {
    expect([...TITLE_TAGS]).toEqual(['i', 'em', 'sub', 'sup']);
    expect([isTitleTag('sub'), isTitleTag('b'), isTitleTag('script')]).toEqual([true, false, false]);
    const tag = new RegExp(`^${TITLE_TAG_PATTERN}$`);
    expect(['<i>', '</sup>', '<b>', '<i class="x">'].map((t) => tag.test(t))).toEqual([true, true, false, false]);
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
