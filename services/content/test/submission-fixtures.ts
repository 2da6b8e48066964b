import { makeZip } from '@journal/testing';
import { makePdf } from './helpers';

const TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOC = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Manuscript</w:t></w:r></w:p></w:body></w:document>`;

/** A minimal Word document (.docx), with optional extra entries (a macro project, a path trick). */
export const makeDocx = (extra: [string, string][] = []) => makeZip([['[Content_Types].xml', TYPES], ['_rels/.rels', '<Relationships/>'], ['word/document.xml', DOC], ...extra]);

/** A 1×1 PNG, ending with its IEND chunk. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex'),
]);

/** A small PDF written by hand, with `catalog` added to its catalog. */
export const handMadePdf = (catalog = '') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${catalog} >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n`, 'latin1');

/** Files an attacker sends as manuscripts. */
export async function hostileFiles(): Promise<Record<string, Buffer>> {
  const pdf = await makePdf('Polyglot');
  const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 0x41)]);
  return {
    'renamed executable': exe,
    'PDF with a zip appended': Buffer.concat([pdf, makeZip([['payload.exe', exe]])]),
    'PDF with HTML after its end': Buffer.concat([pdf, Buffer.from('<html><script>alert(1)</script></html>')]),
    'PDF with HTML at its start': Buffer.concat([Buffer.from('%PDF-1.7\n<html><script>alert(1)</script>\n'), pdf.subarray(9)]),
    'PDF running JavaScript': handMadePdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
    'PDF launching a program': handMadePdf('/OpenAction << /S /Launch /F (cmd.exe) >>'),
    'PDF hiding a script after a stream never closed': Buffer.from(
      handMadePdf().toString('latin1').replace('trailer', '3 0 obj << /Length 5 >>\nstream\nxxxxx\n4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\ntrailer'),
      'latin1',
    ),
    'zip that is not a Word document': makeZip([['readme.txt', 'hello']]),
    'Word document with macros': makeDocx([['word/vbaProject.bin', 'macro']]),
    'Word document with a path trick': makeDocx([['../../evil.xml', 'x']]),
    'Word document behind other bytes': Buffer.concat([exe.subarray(0, 64), makeDocx()]),
    'HTML page': Buffer.from('<!doctype html><html><body>hi</body></html>'),
  };
}
