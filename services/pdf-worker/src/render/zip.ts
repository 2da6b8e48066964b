import { PassThrough } from 'node:stream';
import archiver from 'archiver';

export const MAX_ENTRY_NAME = 120;

/**
 * A zip entry name nobody can use to escape the folder it is unpacked into: no path separators,
 * no '..', no control or reserved characters, bounded length, always with the wanted extension.
 */
export function safeEntryName(raw: string, ext = '.pdf'): string {
  let base = String(raw ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+/, '')
    .replace(/[.\s]+$/, '');
  if (base.toLowerCase().endsWith(ext)) base = base.slice(0, -ext.length);
  const max = MAX_ENTRY_NAME - ext.length;
  // Cut by code points so a Devanagari name is not split inside a surrogate pair.
  const chars = [...base];
  if (chars.length > max) base = chars.slice(0, max).join('').trim();
  if (!base) base = 'document';
  return `${base}${ext}`;
}

/** Makes each name unique by suffixing -2, -3, ... before the extension. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const key = n.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return n;
    const dot = n.lastIndexOf('.');
    const candidate = `${n.slice(0, dot)}-${count}${n.slice(dot)}`;
    seen.set(candidate.toLowerCase(), 1);
    return candidate;
  });
}

/**
 * Builds a zip in memory. Errors and warnings of archiver reject the promise, and the result is
 * only returned after the output stream has ended, never from `finalize()` alone.
 */
export function buildZip(entries: { name: string; data: Uint8Array }[]): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    // PDFs are compressed already; storing them keeps the zip step off the CPU budget.
    const archive = archiver('zip', { store: true });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      archive.abort();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    out.on('error', fail);
    archive.on('error', fail);
    archive.on('warning', fail);
    archive.pipe(out);
    for (const e of entries) archive.append(Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength), { name: e.name, date: new Date('2000-01-01T00:00:00Z') });
    archive.finalize().catch(fail);
  });
}
