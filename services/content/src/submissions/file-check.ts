import { inflateRawSync } from 'node:zlib';
import { detectFileKind } from '../admin/upload';

/**
 * docs/security.md#uploads: what an author's file is, from its bytes alone. A manuscript is a
 * Word document (an OOXML zip with a main document and no macros) or a PDF; a receipt an image or
 * a PDF. Anything carrying a second format (a zip or HTML appended to a PDF, bytes before or after
 * a zip, an image with a tail) is refused: such polyglots are how malware rides on "documents".
 */
export type ManuscriptKind = 'pdf' | 'docx';
export type ReceiptKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp';

export const MIME: Record<ManuscriptKind | ReceiptKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const EXTENSION: Record<ManuscriptKind | ReceiptKind, string> = { pdf: 'pdf', docx: 'docx', png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

const ascii = (buf: Buffer, from: number, to: number) => buf.subarray(Math.max(0, from), Math.min(buf.length, to)).toString('latin1');

/** Active content a manuscript or a receipt never needs: scripts, launch actions, embedded files, forms that run code. */
const PDF_ACTIVE_RE = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/;
const MARKUP_RE = /<\s*(?:!doctype|html|script|svg|body|iframe)\b/i;

/**
 * Whether `test` holds for some text of the PDF outside its streams: the objects' dictionaries,
 * not the streams' bytes (a compressed stream spells any name by chance). Streams are skipped with
 * the buffer's own search, so a 20 MB manuscript is never turned into a string.
 */
function someObjectText(buf: Buffer, test: (text: string) => boolean): boolean {
  let at = 0;
  while (at < buf.length) {
    let start = buf.indexOf('stream', at, 'latin1');
    // `endstream` closes a stream; only a `stream` keyword ending its line opens one.
    while (start >= 0 && (buf[start - 1] === 0x64 || (buf[start + 6] !== 0x0a && buf[start + 6] !== 0x0d))) start = buf.indexOf('stream', start + 6, 'latin1');
    const end = start < 0 ? buf.length : start;
    if (test(buf.toString('latin1', at, end))) return true;
    if (start < 0) return false;
    const close = buf.indexOf('endstream', start + 6, 'latin1');
    // A stream never closed hides nothing: the rest is read as text.
    if (close < 0) return test(buf.toString('latin1', start));
    at = close + 9;
  }
  return false;
}

/** A PDF and nothing else: header at byte 0, a trailer, nothing but white space after its last %%EOF, no scripts. */
export function isPlainPdf(buf: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(ascii(buf, 0, 8))) return false;
  const tail = ascii(buf, buf.length - 2048, buf.length);
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0 || tail.slice(eof + 5).trim() !== '') return false;
  if (!tail.includes('startxref') && !ascii(buf, buf.length - 65_536, buf.length).includes('startxref')) return false;
  if (MARKUP_RE.test(ascii(buf, 0, 1024))) return false;
  if (zipDirectory(buf) !== null) return false;
  return !someObjectText(buf, (text) => PDF_ACTIVE_RE.test(text));
}

interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  local: number;
}

/**
 * The central directory of a zip that ends exactly at the buffer's end, or null. Zip64 (a file
 * over 4 GB) is not a manuscript.
 */
export function zipDirectory(buf: Buffer): ZipEntry[] | null {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    // The comment must take the file to its end: nothing may follow a zip.
    if (i + 22 + buf.readUInt16LE(i + 20) !== buf.length) continue;
    const count = buf.readUInt16LE(i + 10);
    const size = buf.readUInt32LE(i + 12);
    const offset = buf.readUInt32LE(i + 16);
    if (offset + size !== i || count === 0xffff || offset === 0xffffffff) return null;
    const entries: ZipEntry[] = [];
    let p = offset;
    for (let n = 0; n < count; n++) {
      if (p + 46 > i || buf.readUInt32LE(p) !== 0x02014b50) return null;
      const nameLen = buf.readUInt16LE(p + 28);
      const extra = buf.readUInt16LE(p + 30);
      const comment = buf.readUInt16LE(p + 32);
      entries.push({
        method: buf.readUInt16LE(p + 10),
        compressed: buf.readUInt32LE(p + 20),
        size: buf.readUInt32LE(p + 24),
        local: buf.readUInt32LE(p + 42),
        name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      });
      p += 46 + nameLen + extra + comment;
    }
    return p === i ? entries : null;
  }
  return null;
}

/** The bytes of one entry (stored or deflated), at most `max` of them; null when it cannot be read. */
function entryBytes(buf: Buffer, e: ZipEntry, max: number): Buffer | null {
  if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50 || e.size > max) return null;
  const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
  const data = buf.subarray(start, start + e.compressed);
  if (data.length !== e.compressed) return null;
  try {
    if (e.method === 0) return data;
    if (e.method === 8) return inflateRawSync(data, { maxOutputLength: max });
  } catch {
    return null;
  }
  return null;
}

// eslint-disable-next-line no-control-regex -- control characters are what the pattern refuses
const SAFE_ENTRY_RE = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\\\u0000-\u001f]{1,400}$/;
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A Word document (.docx): a zip from byte 0 to its end, safe entry names, a main document, no macros. */
export function isWordDocument(buf: Buffer): boolean {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) return false;
  const entries = zipDirectory(buf);
  if (!entries || entries.length > 2000) return false;
  if (!entries.every((e) => SAFE_ENTRY_RE.test(e.name))) return false;
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('word/document.xml') || [...names].some((n) => /vbaProject\.bin$|\.(exe|dll|js|vbs|bat|cmd|scr)$/i.test(n))) return false;
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  const xml = types && entryBytes(buf, types, 1 << 20);
  return !!xml && xml.toString('utf8').includes(WORD_MAIN);
}

export function manuscriptKind(buf: Buffer): ManuscriptKind | null {
  if (isPlainPdf(buf)) return 'pdf';
  if (isWordDocument(buf)) return 'docx';
  return null;
}

/** An image that ends where its format ends (no tail), or a plain PDF. */
export function receiptKind(buf: Buffer): ReceiptKind | null {
  if (isPlainPdf(buf)) return 'pdf';
  const d = detectFileKind(buf);
  if (!d || d.kind === 'pdf') return null;
  const end = ascii(buf, buf.length - 12, buf.length);
  switch (d.kind) {
    case 'png':
      return end === '\u0000\u0000\u0000\u0000IEND\u00aeB`\u0082' ? 'png' : null;
    case 'jpeg':
      return buf[buf.length - 2] === 0xff && buf[buf.length - 1] === 0xd9 ? 'jpeg' : null;
    case 'gif':
      return buf[buf.length - 1] === 0x3b ? 'gif' : null;
    case 'webp':
      return buf.readUInt32LE(4) + 8 === buf.length ? 'webp' : null;
  }
}
