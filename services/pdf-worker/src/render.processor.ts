import pLimit from 'p-limit';
import type { Logger } from '@journal/server-kit';
import type { PdfCacheRepo } from './cache.repo';
import { articleRefsOf, type JobPayload, type JobProgress, type PdfJobData, type PdfJobResult } from './pdf.types';
import type { Renderer } from './render/renderer';
import { splitPages } from './render/split';
import { buildZip, safeEntryName, uniqueNames } from './render/zip';
import { certificatesHtml, editorCertificatesHtml, reviewerCertificatesHtml, singleDocumentHtml } from './templates';

export interface ProcessorDeps {
  renderer: Renderer;
  cache: PdfCacheRepo;
  batchSize: number;
  /** Batches in flight at once: one prints in Chromium while another is split in node. */
  pipeline: number;
  logger: Logger;
}

export interface JobHandle {
  data: PdfJobData;
  updateProgress(p: JobProgress): Promise<unknown>;
}

const chunk = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

type BulkPayload = Extract<JobPayload, { kind: 'bulkcertificates' | 'editorscertificate' | 'reviewercertificates' }>;
const isBulk = (p: JobPayload): p is BulkPayload => p.kind === 'bulkcertificates' || p.kind === 'editorscertificate' || p.kind === 'reviewercertificates';

/** One batch of a zip's certificates as one HTML document, with the title its split pages carry. */
function batchHtml(p: BulkPayload, from: number, to: number): { html: string; title: string } {
  switch (p.kind) {
    case 'bulkcertificates':
      return { html: certificatesHtml(p.journal, p.items.slice(from, to)), title: 'Certificate of Publication' };
    case 'editorscertificate':
      return { html: editorCertificatesHtml(p.journal, p.items.slice(from, to), p.issuedOn), title: 'Certificate of Appreciation' };
    case 'reviewercertificates':
      return { html: reviewerCertificatesHtml(p.journal, p.items.slice(from, to)), title: 'Certificate of Reviewing' };
  }
}

/**
 * Renders one job and stores the file under its key. Jobs are delivered at least once, so a
 * job whose file is already stored (a previous attempt finished it) returns without rendering.
 */
export async function processPdfJob(job: JobHandle, deps: ProcessorDeps): Promise<PdfJobResult> {
  const d = job.data;
  const p = d.payload;
  const existing = await deps.cache.head(d.key);
  if (existing) {
    return { key: d.key, filename: d.filename, contentType: d.contentType, size: existing.length, documents: 0 };
  }

  let bytes: Buffer;
  let documents = 1;
  const t0 = Date.now();
  let tZip = t0;
  if (isBulk(p)) {
    const total = p.items.length;
    let done = 0;
    await job.updateProgress({ done, total });
    const names = uniqueNames(p.items.map((it) => safeEntryName(it.entry ?? 'certificate')));
    const batches = chunk(p.items.map((_, i) => i), deps.batchSize);
    const limit = pLimit(deps.pipeline);
    const files = await Promise.all(batches.map((batch) => limit(async () => {
      const { html, title } = batchHtml(p, batch[0]!, batch[0]! + batch.length);
      const pdf = await deps.renderer.pdf(html, { landscape: true });
      const pages = await splitPages(pdf, batch.length, { title, author: p.journal.name });
      done += batch.length;
      await job.updateProgress({ done, total });
      return pages;
    })));
    tZip = Date.now();
    bytes = await buildZip(files.flat().map((data, i) => ({ name: names[i]!, data })));
    documents = total;
  } else {
    const { html, landscape } = singleDocumentHtml(p);
    await job.updateProgress({ done: 0, total: 1 });
    bytes = Buffer.from(await deps.renderer.pdf(html, { landscape }));
    tZip = Date.now();
    await job.updateProgress({ done: 1, total: 1 });
  }
  const tStore = Date.now();
  await deps.cache.put({ key: d.key, kind: p.kind, journalId: d.journalId, filename: d.filename, contentType: d.contentType, data: bytes, refs: articleRefsOf(p) });
  deps.logger.debug({ key: d.key, renderMs: tZip - t0, zipMs: tStore - tZip, storeMs: Date.now() - tStore, bytes: bytes.length }, 'pdf job timings');
  return { key: d.key, filename: d.filename, contentType: d.contentType, size: bytes.length, documents };
}
