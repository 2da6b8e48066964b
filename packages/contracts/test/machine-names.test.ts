import { authorNameSchema, bareAuthorName, isValidAuthorName, languageCode, machineAuthors } from '../src/index.js';

describe('author name characters (docs/product.md#article-rules)', () => {
  it('accepts real names in Latin with diacritics and in Devanagari', () => {
    for (const ok of ['Jean-Luc Picard', "Seán O'Brien", 'Seán O\u2019Brien', 'Nuñez', 'Nun\u0303ez', 'Zoë', 'José Müller', 'अनिल कुमार शर्मा', 'सीता देवी, Priya Verma', 'Dr. A. K. Sharma'])
      expect([ok, isValidAuthorName(ok)]).toEqual([ok, true]);
  });
  it('refuses digits, other symbols, other scripts and a hyphen or apostrophe not inside a name', () => {
    for (const bad of ['R2D2', 'A; B', 'A<b>', 'A\nB', 'Ivan Иванов', '-Jean', 'Jean-', "O'", "'O", 'Jean--Luc', 'Jean -Luc', 'A & B', 'A_B', '\u0303A', '...', ''])
      expect([bad, isValidAuthorName(bad)]).toEqual([bad, false]);
  });
  it('is the rule of the shared schema, with the spec message', () => {
    expect(authorNameSchema.safeParse("Jean-Luc Picard, Seán O'Brien").success).toBe(true);
    const r = authorNameSchema.safeParse('R2D2');
    expect(r.success ? '' : r.error.issues[0]!.message).toBe('Author name must contain only alphabets, spaces, commas, and periods');
  });
});

describe('bare author names for machines (docs/product.md#machine-readable-names)', () => {
  it('drops honorifics, with or without a period, repeated or not', () => {
    expect(bareAuthorName('Dr. Anil Kumar Sharma')).toBe('Anil Kumar Sharma');
    expect(bareAuthorName('dr Meena Gupta')).toBe('Meena Gupta');
    expect(bareAuthorName('Prof. Dr. Rekha Sharma')).toBe('Rekha Sharma');
    expect(bareAuthorName('Prof.Dr.Rekha  Sharma')).toBe('Rekha Sharma');
    expect(bareAuthorName('Mrs. Priya Verma')).toBe('Priya Verma');
    expect(bareAuthorName('Shri Ram Kumar')).toBe('Ram Kumar');
  });
  it('keeps names that only begin like a title, and a name that is only a title', () => {
    expect(bareAuthorName('Drew Barry')).toBe('Drew Barry');
    expect(bareAuthorName('Mrinal Sen')).toBe('Mrinal Sen');
    expect(bareAuthorName('Professorova Anna')).toBe('Professorova Anna');
    expect(bareAuthorName('Dr.')).toBe('Dr.');
  });
  it('splits the authors field and bares each', () => {
    expect(machineAuthors('Dr. Anil Kumar Sharma,  Prof. Priya Verma , Rajesh Singh')).toEqual(['Anil Kumar Sharma', 'Priya Verma', 'Rajesh Singh']);
    expect(machineAuthors(undefined)).toEqual([]);
  });
});

describe('language codes (docs/product.md#language-codes)', () => {
  it('maps the language names journals write to ISO 639 codes', () => {
    expect(languageCode('English')).toBe('en');
    expect(languageCode(' hindi ')).toBe('hi');
    expect(languageCode('हिन्दी')).toBe('hi');
    expect(languageCode('English and Hindi')).toBe('en');
    expect(languageCode('Hindi, English')).toBe('hi');
    expect(languageCode('Marathi')).toBe('mr');
    expect(languageCode('Konkani')).toBe('kok');
  });
  it('keeps a code and gives nothing for what it does not know', () => {
    expect(languageCode('en')).toBe('en');
    expect(languageCode('en-GB')).toBe('en');
    expect(languageCode('Klingon')).toBeUndefined();
    expect(languageCode('')).toBeUndefined();
    expect(languageCode(undefined)).toBeUndefined();
  });
});
