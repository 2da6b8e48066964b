import { hasHiddenChar, hiddenCharPath, userNameKey, userNamesLookAlike } from '../src';

describe('the stored-text rule', () => {
  it('refuses NUL, other controls, bidi overrides and isolates, line separators and lone surrogates', () => {
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202a', '\u202e', '\u2066', '\u2069', '\u2028', '\ud800']) {
      expect([c.codePointAt(0), hasHiddenChar(`name${c}x`)]).toEqual([c.codePointAt(0), true]);
    }
  });

  it('keeps tab, line breaks, direction marks, joiners, other scripts and emoji', () => {
    for (const t of ['a\tb', 'one\ntwo\r\nthree', 'עברית\u200f', 'क्\u200dष', 'Ünïcödé — “quotes”', 'x 😀 y', '\u00a0nbsp']) expect([t, hasHiddenChar(t)]).toEqual([t, false]);
  });

  it('names the first field holding one, at any depth, keys included', () => {
    expect(hiddenCharPath({ name: 'ok', editors: [{ affiliation: 'fine' }, { affiliation: 'evil\u202etxt.exe' }] })).toEqual(['editors', 1, 'affiliation']);
    expect(hiddenCharPath({ ['bad\u0000key']: 1 })).toEqual([]);
    expect(hiddenCharPath('plain\u0000')).toEqual([]);
    expect(hiddenCharPath({ a: 1, b: [true, null, 'x'] })).toBeNull();
  });
});

describe('userNameKey', () => {
  it('folds case and width, so look-alike spellings are one name', () => {
    expect(new Set(['admin', 'ADMIN', 'Admin', 'ａｄｍｉｎ', 'ＡＤＭＩＮ'].map(userNameKey))).toEqual(new Set(['admin']));
    expect(userNameKey('STRASSE')).toBe(userNameKey('straße'));
    expect(userNameKey('admin')).not.toBe(userNameKey('admln'));
  });
});

describe('userNamesLookAlike', () => {
  it('holds for names a screen shows alike, as typed or in capitals, and not for others', () => {
    for (const [a, b] of [['Alice', 'AIice'], ['admin', 'adrnin'], ['boss', 'B0SS'], ['wl', 'vvl'], ['Ian', 'lan'], ['user1', 'userl'], ['admin', 'ADM1N']]) {
      expect([a, b, userNamesLookAlike(a, b)]).toEqual([a, b, true]);
    }
    for (const [a, b] of [['alice', 'alicia'], ['ian', 'lan'], ['editor.two', 'editor.too'], ['m.smith', 'n.smith'], ['admin', 'ADMIN']]) {
      expect([a, b, userNamesLookAlike(a, b)]).toEqual([a, b, false]);
    }
  });
});

describe('hiddenCharPath on what is no parsed text', () => {
  it('does not look inside buffers or dates, and reads objects without a prototype (express queries)', () => {
    expect(hiddenCharPath({ file: new Uint8Array([0, 1, 2]), at: new Date(0) })).toBeNull();
    const q = Object.assign(Object.create(null) as Record<string, unknown>, { q: 'a\u202eb' });
    expect(hiddenCharPath(q)).toEqual(['q']);
  });
});
