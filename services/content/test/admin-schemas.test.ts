import {
  ABBREVIATED_MONTHS, EDITOR_CATEGORIES, EDITOR_DESIGNATIONS, articleErrorMessage, articleFieldsSchema, authorNameSchema,
  editorPinSchema, editorSchema, firstPageAllowed, firstPageMessage, frequencyPeriods, issueCreateSchema, normalizeFrequency,
  pageNumberSchema, refNumberSchema, toAbbreviatedPeriod, toFullPeriod,
} from '@journal/contracts';
import { detectFileKind, isSafeClientFileName } from '../src/admin/upload';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error!.issues[0]!.message);

describe('shared admin schemas (docs/product.md#article-rules)', () => {
  test('author names: 50 words, Latin or Devanagari letters, spaces, commas, periods', () => {
    expect(authorNameSchema.safeParse('Dr. A. K. Sharma, Priya Verma').success).toBe(true);
    expect(authorNameSchema.safeParse('राम कुमार, सीता देवी').success).toBe(true);
    expect(authorNameSchema.safeParse('José Müller').success).toBe(true);
    for (const good of ['Jean-Luc Picard', "Seán O'Brien", 'Seán O\u2019Brien', 'Nuñez', 'Nun\u0303ez', 'Zoë', 'अनिल कुमार शर्मा', 'Dr. Meena Gupta, Jean-Luc Picard'])
      expect(authorNameSchema.safeParse(good).success).toBe(true);
    expect(first(authorNameSchema.safeParse(Array.from({ length: 51 }, () => 'A').join(' ')))).toBe('Author name should not exceed 50 words');
    expect(authorNameSchema.safeParse(Array.from({ length: 50 }, () => 'A').join(' ')).success).toBe(true);
    for (const bad of ['R2D2', 'A; B', 'A<script>', 'A\r\nB', 'Ivan Иванов', "O'", '-Jean', 'Jean--Luc', 'A & B', 'A_B'])
      expect(first(authorNameSchema.safeParse(bad))).toBe('Author name must contain only alphabets, spaces, commas, and periods');
  });

  test('reference and page numbers', () => {
    expect(first(refNumberSchema.safeParse('12a'))).toBe('Ref number must be a valid number');
    expect(refNumberSchema.safeParse('0012').success).toBe(true);
    expect(first(pageNumberSchema.safeParse('a-b'))).toBe('Page number format must be like 1-6');
    expect(first(pageNumberSchema.safeParse('1 - 6'))).toBe('Page number format must be like 1-6');
    expect(first(pageNumberSchema.safeParse('7-3'))).toBe('Invalid page number');
    expect(pageNumberSchema.safeParse('7-7').success).toBe(true);
    expect(firstPageAllowed('7-9', 6)).toBe(true);
    expect(firstPageAllowed('6-9', 6)).toBe(false);
    expect(firstPageMessage(6)).toBe('The the first value of the page range should be one more than the last one. The last page was 6');
  });

  test('article fields ignore unknown fields and default nothing the server owns', () => {
    const r = articleFieldsSchema.parse({
      year: '2026', volume: '1', issue: '2', refnumber: '5', title: 'T', authorname: 'A B', abstract: 'x', pagenumber: '1-2',
      email: 'a@b.c', txnid: 'TX-1', ptype: 'free', publishdate: '2026-01-31', status: 'disabled', createdby: 'x', journalId: 'y',
    });
    expect(r).not.toHaveProperty('status');
    expect(r).not.toHaveProperty('createdby');
    expect(r).toMatchObject({ year: 2026, volume: 1, issue: 2, keywords: '', frequency: '' });
  });

  test('error messages (docs/product.md#error-messages)', () => {
    expect(articleErrorMessage('duplicate_reference_number', 'add')).toBe('Duplicate reference number');
    expect(articleErrorMessage('duplicate_title', 'edit')).toBe('Duplicate title');
    expect(articleErrorMessage('duplicate_txnid', 'add')).toBe('Transaction ID Already Used');
    expect(articleErrorMessage('duplicate_txnid', 'edit')).toBe('Something went wrong');
    expect(articleErrorMessage('invalid_txnid', 'add')).toBe('Invalid transaction id');
    expect(articleErrorMessage('invalid_pagenumber', 'edit')).toBe('Invalid page number');
    expect(articleErrorMessage('boom', 'add')).toBe('Something went wrong');
  });

  test('frequency period lists (docs/product.md#issue-rules)', () => {
    expect(frequencyPeriods('Monthly')).toHaveLength(12);
    expect(frequencyPeriods('monthly')[8]).toBe('September');
    expect(frequencyPeriods('Bi-Monthly')).toEqual(['January-February', 'March-April', 'May-June', 'July-August', 'September-October', 'November-December']);
    expect(frequencyPeriods('Quarterly')).toEqual(['January-March', 'April-June', 'July-September', 'October-December']);
    expect(frequencyPeriods('Triannual')).toEqual(['January-April', 'May-August', 'September-December']);
    expect(frequencyPeriods('Half Yearly')).toEqual(['January-June', 'July-December']);
    expect(frequencyPeriods('Yearly')).toEqual(['January-December']);
    expect(frequencyPeriods('yearly', true)).toEqual(['Jan-Dec']);
    expect(frequencyPeriods('monthly', true)[8]).toBe('Sept');
    expect(ABBREVIATED_MONTHS).toContain('Sept');
    expect(normalizeFrequency('Annual')).toBe('yearly');
    expect(toFullPeriod('Sept-Oct')).toBe('September-October');
    expect(toAbbreviatedPeriod('September-October')).toBe('Sept-Oct');
  });

  test('issue, editor and pin schemas', () => {
    expect(issueCreateSchema.safeParse({ volume: '3', issue: 0, year: 2026, frequency: 'May' }).success).toBe(true);
    expect(issueCreateSchema.safeParse({ volume: -1, issue: 0, year: 2026, frequency: 'May' }).success).toBe(false);
    expect(issueCreateSchema.safeParse({ volume: '', issue: 0, year: 2026, frequency: 'May' }).success).toBe(false);
    expect(EDITOR_CATEGORIES).toEqual(['chief editor', 'associate editor', 'assistant editor']);
    expect(EDITOR_DESIGNATIONS).toEqual(['Professor', 'Associate Professor', 'Assistant Professor', 'Scientist', 'Head', 'Lecturer']);
    expect(editorSchema.safeParse({ name: 'A', category: 'chief editor', post: 'Head', content: 'X' }).success).toBe(true);
    expect(editorSchema.safeParse({ name: 'A', category: 'Chief Editor', post: 'Head', content: 'X' }).success).toBe(false);
    expect(editorPinSchema.parse({ ids: ['0123456789abcdef01234567'] }).pinned).toBe(true);
    expect(editorPinSchema.safeParse({ ids: ['x'] }).success).toBe(false);
  });
});

describe('upload checks', () => {
  test('magic bytes decide the kind, not names', () => {
    expect(detectFileKind(Buffer.from('%PDF-1.7\n'))?.kind).toBe('pdf');
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.kind).toBe('png');
    expect(detectFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.kind).toBe('jpeg');
    expect(detectFileKind(Buffer.from('GIF87a..'))?.kind).toBe('gif');
    expect(detectFileKind(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.kind).toBe('webp');
    expect(detectFileKind(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(detectFileKind(Buffer.from(' %PDF-1.7'))).toBeNull();
  });
  test('client file names with paths or control characters are refused', () => {
    expect(isSafeClientFileName('paper.pdf')).toBe(true);
    for (const n of ['../a.pdf', 'a/b.pdf', 'a\\b.pdf', 'a\r\nb.pdf', 'a\0.pdf', '..']) expect(isSafeClientFileName(n)).toBe(false);
  });
});
