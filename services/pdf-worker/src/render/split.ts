import { PDFDocument } from 'pdf-lib';

/**
 * Splits a batch print into one PDF per page. Every certificate is exactly one fixed-size page, so
 * page i is document i. Fonts and the logo are shared objects of the batch and come along.
 */
export async function splitPages(batch: Uint8Array, expected: number, meta: { title: string; author?: string }): Promise<Uint8Array[]> {
  const src = await PDFDocument.load(batch, { updateMetadata: false });
  const count = src.getPageCount();
  if (count !== expected) throw new Error(`batch print produced ${count} pages for ${expected} documents`);
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const [page] = await doc.copyPages(src, [i]);
    doc.addPage(page!);
    doc.setTitle(meta.title);
    doc.setProducer(meta.author ?? 'Journal PDF service');
    doc.setCreator(meta.author ?? 'Journal PDF service');
    out.push(await doc.save({ useObjectStreams: true }));
  }
  return out;
}
