import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError, isLinkSignature, parse } from '@journal/server-kit';
import type { CachedFile, PdfCacheRepo } from './cache.repo';
import type { ContentClient, RequestContext } from './content.client';
import { boardEditors, sameName, showEditorContacts, splitAuthors, toArticle, toEditor, toJournal, toReviewerCertificate } from './document-data';
import type { PdfQueue } from './pdf.queue';
import type { Job } from 'bullmq';
import {
  ARTICLE_REF_RE, EDITOR_ID_RE, OBJECT_ID_RE, REVIEWER_CERTIFICATE_LINK, effectiveLicense, licenseLine, reviewCertificateListQuerySchema,
  reviewerCertificateFilename, reviewerCertificatesFilename, type ListedArticle,
} from '@journal/contracts';
import { articleRefsOf, type ArticleInfo, type JobPayload, type JobProgress, type PdfJobData, type PdfJobResult, type PdfKind } from './pdf.types';
import { safeEntryName } from './render/zip';
import { TEMPLATE_VERSION } from './templates';

/** Kinds only a signed-in admin may start, and whose jobs only an admin may read. */
export const ADMIN_KINDS: ReadonlySet<PdfKind> = new Set(['indexpage', 'bulkcertificates', 'editorscertificate', 'reviewercertificates', 'reviewercertificate']);

/** Kinds whose job holds many certificates (a zip), for the progress shown before a worker reports. */
const ZIP_KINDS: ReadonlySet<PdfKind> = new Set(['bulkcertificates', 'editorscertificate', 'reviewercertificates']);

/** Bulk zips are bounded in certificates too, not only in articles. */
const MAX_CERTIFICATES = 5000;

/**
 * Any article's reference number (the contracts' one rule): new ones are numeric, older records
 * keep theirs, and their certificates and cover pages are theirs too. Admin screens may send numbers.
 */
const INVALID_REF = 'Invalid ref number';
const refSchema = z.union([z.number().int().nonnegative(), z.string().trim()]).transform((v) => String(v)).refine((v) => ARTICLE_REF_RE.test(v), INVALID_REF);
const idSchema = z.union([z.number().int().nonnegative(), z.string().trim()]).transform((v) => String(v)).refine((v) => EDITOR_ID_RE.test(v), 'Invalid editor id');

/** The admin screens send the selected values as a JSON array; `{refs}` / `{ids}` objects work too. */
function listFrom(body: unknown, keys: string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    for (const k of keys) {
      const v = (body as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v;
    }
  }
  throw new AppError(400, 'validation_error', `Send a JSON array, or an object with ${keys.map((k) => `"${k}"`).join(' or ')}`);
}

export interface StartedJob {
  data: PdfJobData;
  /** The produced file when it was already cached. */
  cached: CachedFile | null;
  job?: Job<PdfJobData, PdfJobResult>;
}

export interface JobArticles {
  kind: PdfKind;
  refs: string[];
}

export interface JobStatus {
  id: string;
  kind: PdfKind | string;
  state: string;
  progress: JobProgress;
  failedReason?: string;
  filename: string;
  resultUrl?: string;
}

export class PdfService {
  constructor(
    private readonly deps: {
      content: ContentClient;
      cache: PdfCacheRepo;
      queue: PdfQueue;
      maxItems: number;
      /** The services' shared secret: certificate links are signed with a key derived from it. */
      linkSecret: string;
    },
  ) {}

  // ---- preparing jobs: validation and data from the content service ----

  private async journal(ctx: RequestContext) {
    const [settings, rawEditors, logo] = await Promise.all([
      this.deps.content.settings(ctx),
      this.deps.content.editors(ctx),
      this.deps.content.logo(ctx),
    ]);
    const editors = boardEditors(rawEditors);
    return { settings, editors, journal: toJournal(settings, editors, logo) };
  }

  private refList(body: unknown): string[] {
    const raw = listFrom(body, ['refs', 'refnumbers', 'refnos', 'ids']);
    if (raw.length === 0) throw new AppError(400, 'empty_list', 'Select at least one article');
    if (raw.length > this.deps.maxItems) throw new AppError(400, 'too_many', `At most ${this.deps.maxItems} articles at once`);
    const refs = parse(z.array(refSchema), raw);
    return [...new Set(refs)];
  }

  /**
   * The articles of these references in one staff read (disabled and withdrawn ones too: staff
   * documents are made from what staff selected); any the journal does not have is a 404 naming it,
   * and nothing is produced.
   */
  private async articles(ctx: RequestContext, refs: string[]): Promise<ListedArticle[]> {
    const { articles, missing } = await this.deps.content.articlesByRefs(ctx, refs, 'staff');
    if (missing.length) throw new AppError(404, 'article_not_found', `Unknown ref number(s): ${missing.slice(0, 20).join(', ')}`, { missing });
    return articles;
  }

  /** A reader's article: a withdrawn one keeps only its tombstone page, no documents (docs/product.md#withdrawals). */
  private async publicArticle(ctx: RequestContext, refno: string): Promise<ListedArticle> {
    const raw = await this.deps.content.articleByRef(ctx, refno);
    if (raw.withdrawal?.kind === 'withdrawn') throw new AppError(410, 'article_withdrawn', 'This article has been withdrawn');
    return raw;
  }

  private job(ctx: RequestContext, filename: string, contentType: PdfJobData['contentType'], payload: JobPayload): PdfJobData {
    const key = createHash('sha256')
      .update(JSON.stringify({ v: TEMPLATE_VERSION, journalId: ctx.journalId, kind: payload.kind, payload }))
      .digest('hex');
    return { journalId: ctx.journalId, key, filename, contentType, requestId: ctx.requestId, payload };
  }

  async certificate(ctx: RequestContext, refno: string, authorname: string): Promise<PdfJobData> {
    if (!ARTICLE_REF_RE.test(refno)) throw new AppError(400, 'invalid_refno', INVALID_REF);
    const wanted = String(authorname ?? '').trim();
    if (!wanted || wanted.length > 300) throw new AppError(400, 'invalid_author', 'Author name is missing or too long');
    const [raw, j] = await Promise.all([this.publicArticle(ctx, refno), this.journal(ctx)]);
    const article = toArticle(raw);
    const author = splitAuthors(raw.authorname).find((a) => sameName(a, wanted));
    if (!author) throw new AppError(404, 'author_not_found', 'This author is not on the article');
    return this.job(ctx, `certificate-${refno}.pdf`, 'application/pdf', { kind: 'certificate', journal: j.journal, items: [{ author, article }] });
  }

  async coverpage(ctx: RequestContext, refno: string): Promise<PdfJobData> {
    if (!ARTICLE_REF_RE.test(refno)) throw new AppError(400, 'invalid_refno', INVALID_REF);
    const [raw, j] = await Promise.all([this.publicArticle(ctx, refno), this.journal(ctx)]);
    const l = effectiveLicense(raw.license, j.settings.license);
    return this.job(ctx, `coverpage-${refno}.pdf`, 'application/pdf', { kind: 'coverpage', journal: j.journal, article: { ...toArticle(raw), license: l ? licenseLine(l) : '' } });
  }

  async editorialBoard(ctx: RequestContext): Promise<PdfJobData> {
    const j = await this.journal(ctx);
    return this.job(ctx, 'Editorial-Board.pdf', 'application/pdf', {
      kind: 'editorialboard',
      journal: j.journal,
      editors: j.editors,
      showContacts: showEditorContacts(j.settings),
    });
  }

  async indexPage(ctx: RequestContext, body: unknown): Promise<PdfJobData> {
    const refs = this.refList(body);
    const [raws, j] = await Promise.all([this.articles(ctx, refs), this.journal(ctx)]);
    const num = (s: string) => Number(/\d+/.exec(s)?.[0] ?? 0);
    const articles = raws.map(toArticle).sort(
      (a: ArticleInfo, b: ArticleInfo) =>
        num(a.year) - num(b.year) || num(a.volume) - num(b.volume) || num(a.issue) - num(b.issue) || num(a.pages) - num(b.pages),
    );
    return this.job(ctx, 'Index-Page.pdf', 'application/pdf', { kind: 'indexpage', journal: j.journal, articles });
  }

  async bulkCertificates(ctx: RequestContext, body: unknown): Promise<PdfJobData> {
    const refs = this.refList(body);
    const [raws, j] = await Promise.all([this.articles(ctx, refs), this.journal(ctx)]);
    const items = raws.flatMap((raw) => {
      const article = toArticle(raw);
      return splitAuthors(raw.authorname).map((author) => ({ author, article, entry: safeEntryName(`certificate-${article.refnumber}-${author}`) }));
    });
    if (items.length === 0) throw new AppError(400, 'no_authors', 'The selected articles have no authors');
    if (items.length > MAX_CERTIFICATES) throw new AppError(400, 'too_many', `At most ${MAX_CERTIFICATES} certificates at once`);
    return this.job(ctx, 'Certificates.zip', 'application/zip', { kind: 'bulkcertificates', journal: j.journal, items });
  }

  async editorsCertificate(ctx: RequestContext, body: unknown): Promise<PdfJobData> {
    const raw = listFrom(body, ['ids', 'editors', 'editorIds']);
    if (raw.length === 0) throw new AppError(400, 'empty_list', 'Select at least one editor');
    if (raw.length > this.deps.maxItems) throw new AppError(400, 'too_many', `At most ${this.deps.maxItems} editors at once`);
    const ids = [...new Set(parse(z.array(idSchema), raw))];
    // One staff read of the selected editors, enabled or not (docs/product.md#bulk-documents).
    const [{ editors, missing }, j] = await Promise.all([this.deps.content.staffEditors(ctx, ids), this.journal(ctx)]);
    // Editors of another journal (or removed ones) are not this journal's: nothing is produced.
    if (missing.length) throw new AppError(404, 'editor_not_found', `${missing.length} of the selected editors ${missing.length === 1 ? 'is' : 'are'} not on this journal`, { missing });
    // Entry names are people's names; a nameless record gets its place in the list, never a database id.
    const items = editors.map((e, i) => {
      const editor = toEditor(e);
      return { editor, entry: safeEntryName(`certificate-${editor.name || `editor-${i + 1}`}`) };
    });
    // The date is part of the document, so the cache key changes with the day.
    const issuedOn = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    return this.job(ctx, 'Editors-Certificate.zip', 'application/zip', { kind: 'editorscertificate', journal: j.journal, items, issuedOn });
  }

  /**
   * docs/product.md#reviewer-certificates: one reviewer's certificate, opened by its signed link
   * (the email's attachment and link). A wrong signature, an unknown review and one not submitted
   * answer alike, so a link cannot be probed.
   */
  async reviewerCertificate(ctx: RequestContext, reviewId: string, signature: string): Promise<PdfJobData> {
    const signed = OBJECT_ID_RE.test(reviewId) && isLinkSignature(this.deps.linkSecret, REVIEWER_CERTIFICATE_LINK, ctx.journalId, reviewId, signature);
    if (!signed) throw new AppError(404, 'certificate_not_found', 'No such certificate');
    const [review, j] = await Promise.all([this.deps.content.reviewCertificate(ctx, reviewId), this.journal(ctx)]);
    const item = toReviewerCertificate(review);
    return this.job(ctx, reviewerCertificateFilename(item.manuscript), 'application/pdf', { kind: 'reviewercertificate', journal: j.journal, items: [item] });
  }

  /** A year's reviewer certificates in one zip, one entry per submitted review, read as the staff caller may see them. */
  async reviewerCertificates(ctx: RequestContext, body: unknown, authorization: string): Promise<PdfJobData> {
    const { year } = parse(reviewCertificateListQuerySchema, body ?? {});
    const [reviews, j] = await Promise.all([this.deps.content.reviewCertificates(ctx, year, authorization), this.journal(ctx)]);
    if (reviews.length === 0) throw new AppError(404, 'no_reviews', `No review was submitted in ${year}`);
    if (reviews.length > MAX_CERTIFICATES) throw new AppError(400, 'too_many', `At most ${MAX_CERTIFICATES} certificates at once`);
    const items = reviews.map((r) => {
      const item = toReviewerCertificate(r);
      return { ...item, entry: safeEntryName(`reviewer-certificate-${item.manuscript}-${item.reviewer}`) };
    });
    return this.job(ctx, reviewerCertificatesFilename(year), 'application/zip', { kind: 'reviewercertificates', journal: j.journal, items, year });
  }

  // ---- running jobs ----

  /** Serves from the cache when it can, otherwise enqueues (or joins) the job. */
  async start(data: PdfJobData): Promise<StartedJob> {
    const cached = await this.deps.cache.get(data.key, data.journalId);
    if (cached) return { data, cached };
    const job = await this.deps.queue.add(data);
    return { data, cached: null, job };
  }

  /** Starts the job and waits for its file. */
  async produce(data: PdfJobData, timeoutMs: number): Promise<{ file: CachedFile; hit: boolean }> {
    const started = await this.start(data);
    if (started.cached) return { file: started.cached, hit: true };
    await this.deps.queue.wait(started.job!, timeoutMs);
    const file = await this.deps.cache.get(data.key, data.journalId);
    if (!file) throw new AppError(500, 'render_failed', 'The document was produced but could not be read back');
    return { file, hit: false };
  }

  /** Status of a job of this journal; a job of another journal does not exist here. */
  async status(id: string, journalId: string): Promise<JobStatus | null> {
    if (!/^[a-f0-9]{64}$/.test(id)) return null;
    const view = await this.deps.queue.get(id);
    if (view) {
      if (view.job.data.journalId !== journalId) return null;
      const done = view.state === 'completed';
      const p = view.job.data.payload;
      // Before a worker reports progress, the total is known from the job itself.
      const total = ZIP_KINDS.has(p.kind) && 'items' in p ? p.items.length : 1;
      const progress = view.progress.total === 1 && view.progress.done === 0 && total > 1 ? { done: 0, total } : view.progress;
      return {
        id,
        kind: view.job.data.payload.kind,
        state: view.state,
        progress: done ? { done: progress.total, total: progress.total } : progress,
        failedReason: view.state === 'failed' ? (/stalled more than allowable limit/.test(view.job.failedReason ?? '') ? 'job stalled more than allowable limit' : 'The document could not be produced') : undefined,
        filename: view.job.data.filename,
        resultUrl: done ? `/api/pdf/jobs/${id}/result` : undefined,
      };
    }
    // The job record expired or had not been needed (a cache hit): the stored file answers.
    const meta = await this.deps.cache.head(id);
    if (!meta || meta.journalId !== journalId) return null;
    return { id, kind: meta.kind, state: 'completed', progress: { done: 1, total: 1 }, filename: meta.filename, resultUrl: `/api/pdf/jobs/${id}/result` };
  }

  /**
   * A job's kind (whether reading it needs a login) and articles, from its queue record or, once
   * that expired, its stored file.
   */
  async jobOf(id: string): Promise<JobArticles | null> {
    if (!/^[a-f0-9]{64}$/.test(id)) return null;
    const view = await this.deps.queue.get(id).catch(() => null);
    if (view) return { kind: view.job.data.payload.kind, refs: articleRefsOf(view.job.data.payload) };
    const meta = await this.deps.cache.head(id);
    if (!meta) return null;
    // Files stored before their articles were kept name their one article: `certificate-{ref}.pdf`, `coverpage-{ref}.pdf`.
    const named = /^(?:certificate|coverpage)-(.+)\.pdf$/.exec(meta.filename)?.[1];
    return { kind: meta.kind as PdfKind, refs: meta.refs ?? (named ? [named] : []) };
  }

  /**
   * A reader's document of articles (a certificate, a cover page) stays theirs only while each
   * article is public (docs/product.md#withdrawals): once one is withdrawn its job's status and
   * file answer 410, once one is hidden 404, and both come back when it is restored. Asked of the
   * content service on every read, so a file made before the withdrawal (kept for days) is never
   * handed out after it. Staff documents are left alone: they are made from what staff selected,
   * withdrawn articles included, and only the journal's staff may read them.
   */
  async assertReaderMayRead(ctx: RequestContext, job: JobArticles): Promise<void> {
    if (ADMIN_KINDS.has(job.kind)) return;
    for (const ref of job.refs) await this.publicArticle(ctx, ref);
  }

  async result(id: string, journalId: string): Promise<CachedFile | null> {
    if (!/^[a-f0-9]{64}$/.test(id)) return null;
    return this.deps.cache.get(id, journalId);
  }
}
