import { crc32 } from 'node:zlib';
import { makePdf } from './helpers';

/** A zip of stored (uncompressed) entries: enough to build Word documents and broken ones. */
export function makeZip(entries: [string, string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

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
    'zip that is not a Word document': makeZip([['readme.txt', 'hello']]),
    'Word document with macros': makeDocx([['word/vbaProject.bin', 'macro']]),
    'Word document with a path trick': makeDocx([['../../evil.xml', 'x']]),
    'Word document behind other bytes': Buffer.concat([exe.subarray(0, 64), makeDocx()]),
    'HTML page': Buffer.from('<!doctype html><html><body>hi</body></html>'),
  };
}
