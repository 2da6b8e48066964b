/**
 * docs/security.md#uploads: manuscripts and receipts are recognised by their bytes; polyglots and
 * renamed executables are refused whatever their names.
 */
import { isPlainPdf, isWordDocument, manuscriptKind, receiptKind } from '../src/submissions/file-check';
import { makePdf } from './helpers';
import { handMadePdf, hostileFiles, makeDocx, PNG } from './submission-fixtures';

describe('manuscripts by content', () => {
  test('a PDF and a Word document are recognised', async () => {
    expect(manuscriptKind(await makePdf('A manuscript'))).toBe('pdf');
    expect(manuscriptKind(handMadePdf())).toBe('pdf');
    expect(manuscriptKind(makeDocx())).toBe('docx');
  });

  test('every hostile file is refused, as a manuscript and as a receipt', async () => {
    for (const [name, bytes] of Object.entries(await hostileFiles())) {
      expect([name, manuscriptKind(bytes)]).toEqual([name, null]);
      expect([name, receiptKind(bytes)]).toEqual([name, null]);
    }
  });

  test('a PDF with white space after %%EOF is still a PDF; a truncated one is not', async () => {
    const pdf = await makePdf('Tail');
    expect(isPlainPdf(Buffer.concat([pdf, Buffer.from('\r\n  \n')]))).toBe(true);
    expect(isPlainPdf(pdf.subarray(0, pdf.length - 200))).toBe(false);
  });

  test('a Word document without its main part is not one', () => {
    expect(isWordDocument(makeDocx().subarray(1))).toBe(false);
  });
});

describe('receipts by content', () => {
  test('an image or a PDF', async () => {
    expect(receiptKind(PNG)).toBe('png');
    expect(receiptKind(await makePdf('Receipt'))).toBe('pdf');
    expect(receiptKind(makeDocx())).toBeNull();
  });

  test('an image with something after its end is refused', () => {
    expect(receiptKind(Buffer.concat([PNG, Buffer.from('<script>')]))).toBeNull();
  });
});
