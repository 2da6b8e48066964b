import { AppError, assertNoHiddenChars, assertSafeRichTextLinks, diffFields, parse, sanitizeRichText, sanitizeTitle, type ActivityActor } from '@journal/server-kit';
import {
  articleFieldErrorCode,
  articleFieldsSchema,
  authorNameSchema,
  authornameOf,
  authorsFromText,
  articleUpdateSchema,
  DUPLICATE_DOI_MESSAGE,
  firstPageMessage,
  formatDoi,
  parsePageRange,
  REF_NUMBER_MESSAGE,
  REF_NUMBER_RE,
  withdrawRequestSchema,
  type DoiSource,
} from '@journal/contracts';
import type { z } from 'zod';
import type { ContentDeps } from '../deps';
import { duplicateKeyField, type Article, type ArticleInput, type Withdrawal } from '../archives/article.repo';
import { assetPath, normaliseAssetPath, type StagedFile } from '../files/file-store';
import { checkUpload, invalidFile, type UploadedFile } from './upload';
import { PendingArticles } from './pending-article.service';
import { traced } from '../shared/save-trace';

export type Actor = ActivityActor;

/** The withdrawal as the activity log shows it: its kind and reason ('' while the article stands). */
const withdrawalFields = (a: Article | null) => ({ withdrawal: a?.withdrawal?.kind ?? '', withdrawalReason: a?.withdrawal?.reason ?? '' });

type Conflict = 'refnumber' | 'txnid' | 'title';
const DUPLICATE: Record<Conflict, [string, string]> = {
  refnumber: ['duplicate_reference_number', 'Duplicate reference number'],
  title: ['duplicate_title', 'Duplicate title'],
  txnid: ['duplicate_txnid', 'Transaction ID Already Used'],
};
/** docs/product.md#error-messages: checks duplicates in this order. */
const CONFLICT_ORDER: Conflict[] = ['refnumber', 'title', 'txnid'];
const duplicate = (c: Conflict) => new AppError(409, DUPLICATE[c][0], DUPLICATE[c][1]);
const duplicateDoi = () => new AppError(409, 'duplicate_doi', DUPLICATE_DOI_MESSAGE);
/** An add the database did not let finish (its PDF or its enabling): taken back, the editor tries again. */
const unsaved = () => new AppError(503, 'unavailable', 'The article could not be saved; try again');
const firstPageTaken = (lastPage: number) => new AppError(400, 'invalid_pagenumber', firstPageMessage(lastPage));
/** Checks of an add's first page made again after other adds of its issue raised the bound first: each such round stores one of them. */
const RAISE_TRIES = 20;
/** Whether the request carried a DOI field at all (forms that do not know DOIs leave it out). */
const sentDoi = (body: unknown) => typeof (body as { doi?: unknown } | null)?.doi === 'string';

/**
 * Parses article fields; a page or txnid failure answers its error code (docs/product.md#error-messages) (invalid_pagenumber,
 * invalid_txnid), anything else a validation_error naming each field.
 */
function parseArticle<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  assertNoHiddenChars(body);
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const coded = issues.find((i) => articleFieldErrorCode(i.path));
  const code = coded ? articleFieldErrorCode(coded.path)! : 'validation_error';
  throw new AppError(400, code, coded ? coded.message : issues.map((i) => `${i.path || 'body'}: ${i.message}`).join('; '), issues);
}

/**
 * docs/product.md#structured-authors: a body that sends the author list but no name text gets the
 * text the list stands for, so the name rules of older clients still apply to it.
 */
function withAuthorText(body: unknown): unknown {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.authors === undefined || (typeof b.authorname === 'string' && b.authorname.trim())) return b;
  const r = articleFieldsSchema.shape.authors.safeParse(b.authors);
  return r.success && r.data ? { ...b, authorname: authornameOf(r.data) } : b;
}

/**
 * The author list and its text agree: a sent list makes the text (checked like a typed one) unless
 * the typed text names the same people; a text sent alone makes a new list when it names other
 * authors than the stored list.
 */
function agreeAuthors<T extends { authorname: string; authors?: Article['authors'] }>(input: T, stored?: Pick<Article, 'authors' | 'authorname'>): T {
  if (input.authors) {
    // A typed text naming the same people (with their titles, 'Dr. ...') stays as typed.
    const typed = authorsFromText(input.authorname);
    const list = input.authors;
    const same = typed.length === list.length && typed.every((t, i) => t.given === list[i]!.given && t.family === list[i]!.family);
    const authorname = same ? input.authorname : authornameOf(list);
    const r = authorNameSchema.safeParse(authorname);
    if (!r.success) throw new AppError(400, 'validation_error', `authors: ${r.error.issues[0]!.message}`, [{ path: 'authors', message: r.error.issues[0]!.message }]);
    return { ...input, authorname };
  }
  if (!stored) return { ...input, authors: authorsFromText(input.authorname) };
  const same = input.authorname === stored.authorname || (stored.authors?.length && input.authorname === authornameOf(stored.authors));
  return same ? input : { ...input, authors: authorsFromText(input.authorname) };
}

const pdfPath = (a: Pick<Article, 'year' | 'volume' | 'issue' | 'file'>) => assetPath.article(a.year, a.volume, a.issue, a.file);

/** Adding and editing articles with their PDFs (docs/product.md#article-rules); every rule is checked before anything is written. */
export class ArticleAdminService {
  private readonly pending: PendingArticles;
  constructor(private readonly deps: Pick<ContentDeps, 'config' | 'repos' | 'files' | 'publisher' | 'logger' | 'activity'>) {
    this.pending = new PendingArticles({ articles: deps.repos.articles, files: deps.files, logger: deps.logger }, deps.config.ARTICLE_PENDING_MAX_AGE_MS);
  }

  private clean(input: { title: string; abstract: string }) {
    assertSafeRichTextLinks('abstract', 'Abstract', input.abstract);
    const title = sanitizeTitle(input.title);
    const abstract = sanitizeRichText(input.abstract);
    if (!title) throw new AppError(400, 'validation_error', 'title: Title is required', [{ path: 'title', message: 'Title is required' }]);
    if (!abstract.replace(/<[^>]*>/g, '').trim())
      throw new AppError(400, 'validation_error', 'abstract: Abstract is required', [{ path: 'abstract', message: 'Abstract is required' }]);
    return { title, abstract };
  }

  private async requireIssue(journalId: string, key: { year: number; volume: number; issue: number }) {
    const issue = await this.deps.repos.issues.find(journalId, key.year, key.volume, key.issue);
    if (!issue) throw new AppError(404, 'issue_not_found', 'Issue not found');
    return issue;
  }

  /** The DOI given, else the one the journal's pattern makes ('' without a pattern). */
  private async doiFor(journalId: string, given: string, a: DoiSource): Promise<string> {
    if (given) return given;
    const j = await this.deps.repos.journals.findById(journalId);
    return j ? formatDoi(j.doi_prefix, j.doi_suffix_pattern, a, j.slug) : '';
  }

  private async checkDoi(journalId: string, doi: string, exceptId?: string) {
    if (doi && (await this.deps.repos.articles.doiTaken(journalId, doi, exceptId))) throw duplicateDoi();
  }

  private async checkConflicts(journalId: string, fields: Record<Conflict, string>, exceptId?: string) {
    const found = await this.deps.repos.articles.findConflicts(journalId, fields, exceptId);
    const first = CONFLICT_ORDER.find((c) => found.includes(c));
    if (first) throw duplicate(first);
  }

  /**
   * A duplicate that slipped past the checks (a concurrent write) fails on the unique index;
   * FerretDB's error does not name the index, so the conflict is looked up again.
   */
  private async rethrowDuplicate(err: unknown, journalId: string, fields: Record<Conflict, string> & { doi?: string }, exceptId?: string): Promise<never> {
    const f = duplicateKeyField(err);
    if (f) throw duplicate(f);
    if ((err as { code?: number })?.code === 11000) {
      await this.checkConflicts(journalId, fields, exceptId);
      if (fields.doi) await this.checkDoi(journalId, fields.doi, exceptId);
    }
    throw err;
  }

  /** An add's checks, then its article stored pending (docs/operations.md#the-database): found by no read until its PDF is whole. */
  private async record(
    journalId: string,
    actor: Actor,
    input: z.output<typeof articleFieldsSchema>,
    clean: { title: string; abstract: string },
    upload: { fileId: string; length: number },
  ): Promise<Article> {
    const { title, abstract } = clean;
    const key = { year: input.year, volume: input.volume, issue: input.issue };
    // The reads the checks need go out together (each is a round trip to the database; the DOI's
    // follows the journal's read its pattern needs); the checks are then made in their order, so
    // the first failing one is the one answered (the conflicts' before the DOI's).
    const doiOf = this.doiFor(journalId, input.doi, input);
    const first = parsePageRange(input.pagenumber)!.first;
    const [issue, bound, doi, conflicts, doiTaken] = await Promise.all([
      this.deps.repos.issues.find(journalId, key.year, key.volume, key.issue),
      this.deps.repos.articles.lastPageAt(journalId, key, first),
      doiOf,
      this.deps.repos.articles.findConflicts(journalId, { refnumber: input.refnumber, title, txnid: input.txnid }),
      doiOf.then((d) => this.deps.repos.articles.doiTaken(journalId, d)),
    ]);
    if (!issue) throw new AppError(404, 'issue_not_found', 'Issue not found');
    if (first <= bound.last) throw firstPageTaken(bound.last);
    const unique = { refnumber: input.refnumber, title, txnid: input.txnid, doi };
    const conflict = CONFLICT_ORDER.find((c) => conflicts.includes(c));
    if (conflict) throw duplicate(conflict);
    if (doiTaken) throw duplicateDoi();
    let article: Article;
    try {
      article = await this.deps.repos.articles.createPending(journalId, {
        ...input,
        title,
        abstract,
        doi,
        description: title,
        frequency: (input.frequency || issue.frequency).toLowerCase(),
        file: `${input.refnumber}.pdf`,
        status: 'enabled',
        createdby: actor.name,
        modifiedby: actor.name,
      }, upload, true);
    } catch (err) {
      return this.rethrowDuplicate(err, journalId, unique);
    }
    await this.raisePages(journalId, article, first, bound.version);
    return article;
  }

  /**
   * The stored (pending) article's pages raise its issue's bound from the version its check read.
   * Another add of the issue that raised it since (two adds at once both read the same bound) makes
   * the check run again on the bound as it is now, the article's own pages left out: refused, the
   * pending article is removed (docs/architecture.md#exactly-once-changes).
   */
  private async raisePages(journalId: string, article: Article, first: number, version: number): Promise<void> {
    const key = { year: article.year, volume: article.volume, issue: article.issue };
    try {
      for (let tries = 0; !(await this.deps.repos.articles.raisePagesFrom(journalId, article, version)); tries++) {
        const again = await this.deps.repos.articles.lastPageAt(journalId, key, first, article.id);
        if (first <= again.last) throw firstPageTaken(again.last);
        if (tries >= RAISE_TRIES) throw unsaved();
        version = again.version;
      }
    } catch (err) {
      // Refused, or a read or write failed: left pending, the article would hold its reference
      // number and pages until the sweep, refusing the editor's next try as a duplicate meanwhile.
      await this.deps.repos.articles.removePending(journalId, article.id).catch(() => undefined);
      throw err;
    }
  }

  async create(journalId: string, actor: Actor, body: unknown, file: UploadedFile | undefined): Promise<Article> {
    const input = agreeAuthors(parseArticle(articleFieldsSchema, withAuthorText(body)));
    if (!file) throw invalidFile('A PDF file is required');
    checkUpload(file, ['pdf'], 'article file');
    const { title, abstract } = this.clean(input);
    const key = { year: input.year, volume: input.volume, issue: input.issue };
    // The PDF's bytes go into the file store beside the checks and the record (most of an add's
    // time): under a new file id they overwrite nothing, and its path points at them only once the
    // record stands (below). A refused add takes them back; one a crash stops, the sweeps do.
    const upload = { fileId: this.deps.files.newFileId(), length: file.buffer.length };
    const path = pdfPath({ ...key, file: `${input.refnumber}.pdf` });
    const staging = traced('stage', () => this.deps.files.stage(journalId, path, file.buffer, { contentType: 'application/pdf', fileId: upload.fileId }));
    // Awaited below (or by the take-back): never an unhandled rejection meanwhile.
    staging.catch(() => undefined);
    const takeBack = () => staging.then(() => undefined, () => undefined).then(() => this.deps.files.discard(journalId, path, upload)).catch(() => undefined);
    let article: Article;
    try {
      article = await traced('record', () => this.record(journalId, actor, input, { title, abstract }, upload));
    } catch (err) {
      await takeBack();
      throw err;
    }
    // The record is written before the path points at the PDF, so that a racing duplicate fails on
    // the unique index before it could replace another article's file at the same path.
    try {
      await this.storePending(journalId, article, upload, staging);
    } catch (err) {
      // While the database is away this fails too: the sweep takes the add back later.
      await this.pending.abandon(journalId, { ...article, upload }).catch(() => undefined);
      throw err;
    }
    // Published once the article is live, so no reader meets it before its PDF is whole; the views
    // lock is not held during the chunk write, so the journal's other saves never wait on one. The
    // announcement and the activity entry are independent writes: side by side.
    await Promise.all([
      traced('publish', () => this.deps.publisher.changed(journalId, [{ t: 'article', id: article.id }, { t: 'file', path }])),
      traced('activity', () =>
        this.deps.activity.record(journalId, actor, {
          kind: 'article.create',
          record: { type: 'article', id: article.id, label: article.refnumber },
          changes: [...diffFields(null, article), { field: 'pdf', before: '', after: `${path} (${file.size} bytes)` }],
        }),
      ),
    ]);
    return article;
  }

  /** A pending add made live: its PDF's path pointed at the staged chunks, and the article enabled beside the write's clean-up. */
  private async storePending(journalId: string, article: Article, upload: { fileId: string; length: number }, staging: Promise<StagedFile>): Promise<void> {
    let staged: StagedFile;
    try {
      staged = await traced('staged', () => staging);
    } catch (err) {
      this.deps.logger.warn({ err, journalId, articleId: article.id, fileId: upload.fileId }, 'article PDF not stored; the add is taken back');
      throw unsaved();
    }
    // Enabled once the path points at the PDF, beside the clean-up of the PDF's write.
    const enabled = await traced('commit', () => this.deps.files.commitThen(staged, () => traced('enable', () => this.deps.repos.articles.enable(journalId, article.id))));
    if (!enabled) throw unsaved();
  }

  async update(journalId: string, actor: Actor, id: string, body: unknown, file: UploadedFile | undefined): Promise<Article> {
    const existing = await traced('read', () => this.deps.repos.articles.findById(journalId, id));
    if (!existing) throw new AppError(404, 'not_found', 'Article not found');
    const input = agreeAuthors(parseArticle(articleUpdateSchema, withAuthorText(body)), existing);
    // A legacy non-numeric reference number is kept as it is; a new one must be numeric.
    if (input.refnumber !== existing.refnumber && !REF_NUMBER_RE.test(input.refnumber)) {
      throw new AppError(400, 'invalid_refnumber', REF_NUMBER_MESSAGE);
    }
    if (file) checkUpload(file, ['pdf'], 'article file');
    const { title, abstract } = this.clean(input);
    const key = { year: input.year, volume: input.volume, issue: input.issue };
    const moved = key.year !== existing.year || key.volume !== existing.volume || key.issue !== existing.issue;
    // A form that does not send the DOI keeps the one stored; an emptied field is made again from the pattern.
    const doiOf = async () => (sentDoi(body) ? this.doiFor(journalId, input.doi, input) : existing.doi || this.doiFor(journalId, '', input));
    // The checks' reads go out together (a save waits on each round trip, behind readers' work on a
    // busy process); the first failing check in their order is the one answered.
    // A unique field kept as stored cannot clash (its unique index holds it for this article alone):
    // only changed ones are looked up, so an edit of the text alone reads no other article.
    const changed = (k: Conflict, v: string) => (v !== existing[k] ? v : '');
    const checks = await traced('checks', () =>
      Promise.allSettled([
      moved ? this.requireIssue(journalId, key) : null,
      this.checkConflicts(journalId, { refnumber: changed('refnumber', input.refnumber), title: changed('title', title), txnid: changed('txnid', input.txnid) }, existing.id),
      doiOf().then(async (doi) => {
        if (doi !== existing.doi) await this.checkDoi(journalId, doi, existing.id);
        return doi;
      }),
      ]),
    );
    for (const r of checks) if (r.status === 'rejected') throw r.reason;
    const doi = (checks[2] as PromiseFulfilledResult<string>).value;
    const unique = { refnumber: input.refnumber, title, txnid: input.txnid, doi };

    const nextFile = file || existing.file ? `${input.refnumber}.pdf` : '';
    if (nextFile && nextFile !== existing.file && !normaliseAssetPath(assetPath.article(key.year, key.volume, key.issue, nextFile))) {
      throw new AppError(400, 'invalid_refnumber', 'This reference number cannot name a PDF file; give the article a numeric reference number to upload one');
    }
    const patch = { ...input, doi, frequency: input.frequency.toLowerCase(), title, abstract, description: title, file: nextFile, modifiedby: actor.name };
    // No PDF stored, moved or renamed: the write is made under the views' lock and published in
    // the same hold, with the article as that write stored it (not read again).
    if (!file && (!existing.file || pdfPath(existing) === pdfPath({ ...key, file: nextFile }))) return this.updateInPlace(journalId, actor, existing, patch, unique);
    let updated: Article | null;
    try {
      // The stored article read above gives the fields the update derives from (no second read).
      updated = await traced('update', () => this.deps.repos.articles.update(journalId, existing.id, patch, existing));
    } catch (err) {
      return this.rethrowDuplicate(err, journalId, unique, existing.id);
    }
    if (!updated) throw new AppError(404, 'not_found', 'Article not found');

    const oldPath = existing.file ? pdfPath(existing) : null;
    const newPath = nextFile ? pdfPath(updated) : null;
    try {
      if (file && newPath) await this.deps.files.put(journalId, newPath, file.buffer, { contentType: 'application/pdf' });
      else if (oldPath && newPath && oldPath !== newPath) {
        const bytes = await this.deps.files.read(journalId, oldPath);
        if (bytes) await this.deps.files.put(journalId, newPath, bytes, { contentType: 'application/pdf' });
      }
    } catch (err) {
      const { id: _id, pageStart: _s, pageEnd: _e, creation: _c, modification: _m, ...previous } = existing;
      await this.deps.repos.articles.update(journalId, existing.id, previous).catch(() => undefined);
      throw err;
    }
    if (oldPath && newPath && oldPath !== newPath) await this.deps.files.delete(journalId, oldPath).catch(() => undefined);
    const paths = [...new Set([oldPath, newPath].filter((p): p is string => !!p))];
    // The announcement and the activity entry are independent writes: side by side.
    await Promise.all([
      traced('publish', () => this.deps.publisher.changed(journalId, [{ t: 'article', id: updated.id }, ...paths.map((path) => ({ t: 'file' as const, path }))])),
      traced('activity', () =>
        this.deps.activity.record(journalId, actor, {
        kind: 'article.update',
        record: { type: 'article', id: updated.id, label: updated.refnumber },
        changes: [
          ...diffFields(existing, updated, { ignore: ['pageStart', 'pageEnd'] }),
          ...(file && newPath ? [{ field: 'pdf', before: oldPath ?? '', after: `${newPath} (${file.size} bytes)` }] : []),
        ],
        }),
      ),
    ]);
    return updated;
  }

  /**
   * update() of an article whose PDF stays where it is: one article write and its views patched under
   * the journal's lock, the views' first reads sent beside the write.
   */
  private async updateInPlace(journalId: string, actor: Actor, existing: Article, patch: ArticleInput, unique: Record<Conflict | 'doi', string>): Promise<Article> {
    // The activity entry is written beside the views' work (started once the article is stored).
    const written: { activity?: Promise<void> } = {};
    let updated: Article | null;
    try {
      updated = await traced('publish', () =>
        this.deps.publisher.writeThenChanged(journalId, async () => {
          const u = await traced('update', () => this.deps.repos.articles.update(journalId, existing.id, patch, existing));
          if (!u) return null;
          const activity = traced('activity', () =>
            this.deps.activity.record(journalId, actor, { kind: 'article.update', record: { type: 'article', id: u.id, label: u.refnumber }, changes: diffFields(existing, u, { ignore: ['pageStart', 'pageEnd'] }) }),
          );
          activity.catch(() => undefined);
          written.activity = activity;
          return { value: u, changes: [{ t: 'article', id: u.id }, ...(u.file ? [{ t: 'file' as const, path: pdfPath(u) }] : [])], articles: [u] };
        }, [existing.id]),
      );
    } catch (err) {
      if (written.activity) throw err;
      return this.rethrowDuplicate(err, journalId, unique, existing.id);
    }
    if (!updated) throw new AppError(404, 'not_found', 'Article not found');
    await written.activity;
    return updated;
  }

  /**
   * docs/product.md#withdrawals: withdraws or retracts an article with the reason readers are
   * shown. Withdrawing again replaces the kind and the reason; the date is the first withdrawal's.
   */
  async withdraw(journalId: string, actor: Actor, id: string, body: unknown): Promise<Article> {
    const { kind, reason } = parse(withdrawRequestSchema, body ?? {});
    const cur = await this.standing(journalId, id);
    return this.setWithdrawal(journalId, actor, cur, { kind, reason, at: cur.withdrawal?.at ?? new Date() });
  }

  /** docs/product.md#withdrawals: the article stands again, as before its withdrawal. */
  async restore(journalId: string, actor: Actor, id: string): Promise<Article> {
    return this.setWithdrawal(journalId, actor, await this.standing(journalId, id), null);
  }

  /** The article as stored before a withdrawal's change: its date, and what the activity entry compares. */
  private async standing(journalId: string, id: string): Promise<Article> {
    const cur = await traced('read', () => this.deps.repos.articles.findById(journalId, id));
    if (!cur) throw new AppError(404, 'not_found', 'Article not found');
    return cur;
  }

  /**
   * The withdrawal written under the views' lock and published in the same hold, as an edit in
   * place is (updateInPlace): the article as the write stored it is not read again, the pass's
   * first reads go out beside the write, and the activity entry is written beside the views' work.
   */
  private async setWithdrawal(journalId: string, actor: Actor, before: Article, w: Withdrawal | null): Promise<Article> {
    const written: { activity?: Promise<void> } = {};
    const updated = await traced('publish', () =>
      this.deps.publisher.writeThenChanged(journalId, async () => {
        const u = await traced('update', () => this.deps.repos.articles.setWithdrawal(journalId, before.id, w, actor.name));
        if (!u) return null;
        const activity = traced('activity', () =>
          this.deps.activity.record(journalId, actor, {
            kind: w ? 'article.withdraw' : 'article.restore',
            record: { type: 'article', id: u.id, label: u.refnumber },
            changes: diffFields(withdrawalFields(before), withdrawalFields(u)),
          }),
        );
        activity.catch(() => undefined);
        written.activity = activity;
        return { value: u, changes: [{ t: 'article', id: u.id }], articles: [u] };
      }, [before.id]),
    );
    if (!updated) throw new AppError(404, 'not_found', 'Article not found');
    this.deps.logger.info({ journalId, articleId: updated.id, withdrawal: w?.kind ?? 'restored', by: actor.name }, 'article withdrawal changed');
    await written.activity;
    return updated;
  }
}
