import { mongo, Schema, Types, type Connection, type Model } from 'mongoose';
import { crossJournal } from '@journal/server-kit';
import { authorsFromText, doiKey, type AdminArticle, type AdminSearchHit, type ArticleAuthor, type ArticleReference, type WithdrawalKind, type WithdrawalRead } from '@journal/contracts';
import { groupByJournal, jid, oid, toPlain, toPlainList, type Plain } from '../shared/plain';
import { cleanTitle, searchText } from '../shared/text';
import { BY_ID, EVERY_JOURNAL, PENDING_SWEEP } from '../shared/cross-journal';
import { ArticleTombstoneRepo } from './article-tombstone.repo';
import { ArticleCollections } from './article-collections';
import { IssuePagesRepo } from './issue-pages.repo';
import { isNumericRef, RefMarksRepo } from './ref-marks.repo';

/**
 * docs/product.md#entities: Article as stored: the fields the admin API answers (one description, shared with the
 * web), with real dates and the parsed page range used for sorting.
 */
/** docs/product.md#withdrawals: how and why the journal took an article back. */
export interface Withdrawal {
  kind: WithdrawalKind;
  reason: string;
  at: Date;
}

export interface Article extends Omit<AdminArticle, 'createdby' | 'creation' | 'modifiedby' | 'modification' | 'withdrawal'> {
  /** null (or absent on older documents) while the article stands; OAI reports a withdrawn article as deleted (docs/product.md#oai-pmh). */
  withdrawal?: Withdrawal | null;
  /** Numeric first page of `pagenumber` (0 when unparsable): the public sort key (docs/product.md#visibility-and-ordering). */
  pageStart: number;
  pageEnd: number;
  createdby: string;
  creation: Date;
  modifiedby: string;
  modification: Date;
  /**
   * Derived on every write by the repository (never set them): the sanitised title and the
   * lower-cased plain text searched by /api/search, so public reads need no sanitising pass.
   */
  title_html?: string;
  search_text?: string;
  /** The unique key of the DOI within the journal (see doiKey); set by the repository. */
  doi_key?: string;
}
export type ArticleInput = Partial<Omit<Article, 'id' | 'pageStart' | 'pageEnd' | 'creation' | 'modification' | 'title_html' | 'search_text' | 'doi_key'>>;

/** Fields whose change recomputes the derived ones. */
/** Updates per round trip of a start-time migration. */
const MIGRATION_BATCH = 200;
const DERIVED_FROM = ['title', 'authorname', 'keywords', 'abstract'] as const;

export function derivedFields(a: Partial<Pick<Article, (typeof DERIVED_FROM)[number]>>): { title_html: string; search_text: string } {
  return {
    title_html: cleanTitle(a.title ?? ''),
    search_text: searchText([a.title, a.authorname, a.keywords, a.abstract]),
  };
}

/** The PDF an add is storing for its pending article: its file id and size (the chunks it may have left). */
export interface PendingUpload {
  at: Date;
  fileId: string;
  length: number;
}
/**
 * An article being added is stored `pending` (true, an equality the sweep finds by index) until its
 * PDF is stored: no read of the repository but the duplicate checks meets it, so a crash between the
 * two writes leaves nothing half written in sight (docs/operations.md#the-database).
 */
type ArticleDoc = Omit<Article, 'id'> & { journalId: string; pending?: boolean; pendingUpload?: PendingUpload };
/** A pending article as the sweep meets it. */
export type PendingArticle = Pick<Article, 'id' | 'year' | 'volume' | 'issue' | 'file'> & { journalId: string; upload: PendingUpload };
/** Live articles only: pending ones are left out of every read (see ArticleDoc). */
const LIVE = { pending: { $exists: false } } as const;

const str = { type: String, default: '' };
/** docs/product.md#structured-authors: one author, as the contracts describe it. */
const authorSchema = new Schema<ArticleAuthor>(
  {
    given: str,
    family: { type: String, required: true },
    affiliations: { type: [new Schema({ name: { type: String, required: true }, ror: str }, { _id: false })], default: [] },
    orcid: str,
    corresponding: { type: Boolean, default: false },
    email: str,
    review: { type: Boolean },
  },
  { _id: false },
);
const referenceSchema = new Schema<ArticleReference>({ text: { type: String, required: true }, doi: str }, { _id: false });
const articleSchema = new Schema<ArticleDoc>(
  {
    journalId: { type: String, required: true },
    year: { type: Number, required: true },
    volume: { type: Number, required: true },
    issue: { type: Number, required: true },
    frequency: str,
    refnumber: { type: String, required: true },
    title: { type: String, required: true },
    authorname: str,
    authors: { type: [authorSchema], default: undefined },
    authorname_source: { type: String },
    license: str,
    references: { type: [referenceSchema], default: [] },
    abstract: str,
    keywords: str,
    pagenumber: str,
    pageStart: { type: Number, default: 0 },
    pageEnd: { type: Number, default: 0 },
    subject: str,
    country: str,
    email: str,
    mobile: str,
    txnid: { type: String, required: true },
    ptype: { type: String, default: 'paid' },
    publishdate: str,
    doi: str,
    doi_key: { type: String },
    description: str,
    file: str,
    status: { type: String, default: 'enabled' },
    createdby: str,
    creation: { type: Date, default: () => new Date() },
    modifiedby: str,
    modification: { type: Date, default: () => new Date() },
    title_html: str,
    search_text: str,
    withdrawal: {
      type: new Schema<Withdrawal>({ kind: { type: String, required: true }, reason: { type: String, required: true }, at: { type: Date, required: true } }, { _id: false }),
      default: null,
    },
    pending: { type: Boolean },
    pendingUpload: { type: new Schema<PendingUpload>({ at: Date, fileId: String, length: Number }, { _id: false }), default: undefined },
  },
  { collection: 'articles', minimize: false, versionKey: false },
);
// The admin rules (docs/product.md#error-messages): duplicate_reference_number, duplicate_txnid, duplicate_title.
articleSchema.index({ journalId: 1, refnumber: 1 }, { unique: true, name: 'uniq_refnumber' });
articleSchema.index({ journalId: 1, txnid: 1 }, { unique: true, name: 'uniq_txnid' });
articleSchema.index({ journalId: 1, title: 1 }, { unique: true, name: 'uniq_title' });
// One DOI per article within a journal; articles without a DOI key by their ref number, so the
// index needs no partial filter (which FerretDB lacks).
articleSchema.index({ journalId: 1, doi_key: 1 }, { unique: true, name: 'uniq_doi' });
// The issue page query.
articleSchema.index({ journalId: 1, year: 1, volume: 1, issue: 1, pageStart: 1 }, { name: 'by_issue' });
// The sweep of adds that never finished: an equality on every journal's few pending articles.
articleSchema.index({ pending: 1 }, { name: 'by_pending' });

/** What mongoose fills in on a new document, but the id and the dates the writer sets. */
function schemaDefaults(model: Model<ArticleDoc>): Record<string, unknown> {
  const { _id: _i, creation: _c, modification: _m, ...d } = new model({}).toObject() as Record<string, unknown>;
  return d;
}

/** Mongoose leaves out undefined fields; the driver would store them as null. */
const definedOnly = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Parses 'first-last' (spaces and any dash allowed); 0 for a part that is not a number. */
export function parsePages(pagenumber: string | undefined): { pageStart: number; pageEnd: number } {
  const m = /^\s*(\d{1,9})\s*(?:[-–—]\s*(\d{1,9}))?\s*$/.exec(pagenumber ?? '');
  if (!m) return { pageStart: 0, pageEnd: 0 };
  const pageStart = Number(m[1]);
  return { pageStart, pageEnd: m[2] !== undefined ? Number(m[2]) : pageStart };
}

/** The fields an article must be given; the schema fills the rest. */
export type NewArticle = ArticleInput & Pick<Article, 'year' | 'volume' | 'issue' | 'refnumber' | 'title' | 'txnid'>;

/**
 * An article as the repository stores it from its input, without a database: the schema's
 * defaults filled, the page numbers and search fields derived (benches and tests that build a
 * corpus in memory, so their stored articles never drift from the schema's).
 */
export function storedArticle(id: string, input: NewArticle, at: Date, by = 'seed'): Article {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as NewArticle;
  return {
    frequency: '',
    authorname: '',
    abstract: '',
    keywords: '',
    pagenumber: '',
    subject: '',
    country: '',
    email: '',
    mobile: '',
    ptype: 'paid',
    publishdate: '',
    doi: '',
    license: '',
    authors: [],
    references: [],
    description: '',
    file: '',
    status: 'enabled',
    withdrawal: null,
    createdby: by,
    creation: at,
    modifiedby: by,
    modification: at,
    ...given,
    id,
    ...parsePages(given.pagenumber),
    ...derivedFields(given),
  };
}

/** docs/product.md#visibility-and-ordering: public order: numeric start of page range ascending (ties by refnumber, stable). */
export const byPageStart = (a: Pick<Article, 'pageStart' | 'refnumber'>, b: Pick<Article, 'pageStart' | 'refnumber'>) =>
  a.pageStart - b.pageStart || a.refnumber.localeCompare(b.refnumber, 'en', { numeric: true });

/**
 * docs/product.md#visibility-and-ordering: public articles are enabled, carry a reference number
 * and are not withdrawn (a retracted one stays listed; docs/product.md#withdrawals).
 */
export const PUBLIC_ARTICLE = { status: 'enabled', refnumber: { $nin: [null, ''] }, 'withdrawal.kind': { $ne: 'withdrawn' }, ...LIVE } as const;
/** The same rule on a document in memory (the read models). */
export const isPublicArticle = (a: Pick<Article, 'status' | 'refnumber' | 'withdrawal'>) =>
  a.status === 'enabled' && !!a.refnumber && a.withdrawal?.kind !== 'withdrawn';
/** An enabled article its journal withdrew: its URL keeps a tombstone page (docs/product.md#withdrawals). */
export const isTombstone = (a: Pick<Article, 'status' | 'refnumber' | 'withdrawal'>) =>
  a.status === 'enabled' && !!a.refnumber && a.withdrawal?.kind === 'withdrawn';
/** The withdrawal as answers carry it. */
export const withdrawalRead = (w: Withdrawal | null | undefined): WithdrawalRead =>
  w ? { kind: w.kind, reason: w.reason, at: new Date(w.at).toISOString() } : null;

/**
 * Which unique rule a duplicate-key error broke, from MongoDB's keyPattern or an index name in the
 * message. FerretDB names neither: use `ArticleRepo.findConflicts` (before a write, or after a 11000).
 */
export function duplicateKeyField(err: unknown): 'refnumber' | 'txnid' | 'title' | null {
  const e = err as { code?: number; keyPattern?: Record<string, unknown>; message?: string };
  if (e?.code !== 11000) return null;
  for (const f of ['refnumber', 'txnid', 'title'] as const) {
    if (e.keyPattern && f in e.keyPattern) return f;
    if (e.message && (e.message.includes(`uniq_${f}`) || e.message.includes(`${f}_1`))) return f;
  }
  return null;
}

type Paged = Pick<Article, 'year' | 'volume' | 'issue' | 'pageStart' | 'pageEnd'>;

/** Whether an article as stored now may pass its issue's pages bound: unless it is in the issue it was in, with no page past its old ones. */
function passesBound(now: Paged, was?: Partial<Paged>): boolean {
  if (!was || was.year !== now.year || was.volume !== now.volume || was.issue !== now.issue) return true;
  return Math.max(now.pageStart ?? 0, now.pageEnd ?? 0) > Math.max(was.pageStart ?? 0, was.pageEnd ?? 0);
}

export class ArticleRepo {
  readonly tombstones: ArticleTombstoneRepo;
  private readonly pages: IssuePagesRepo;
  private readonly refs: RefMarksRepo;
  /** The schema's defaults, for documents written past mongoose (insertMany). */
  private defaults?: Record<string, unknown>;

  /** The repository over the database's articles (refused when they are in an older release's layout: `ArticleCollections`). */
  static async open(conn: Connection): Promise<ArticleRepo> {
    return new ArticleRepo(conn, await ArticleCollections.open<ArticleDoc>(conn, articleSchema));
  }

  private constructor(
    private readonly conn: Connection,
    /** The collections of the journals' articles (tests reach documents through them). */
    readonly collections: ArticleCollections<ArticleDoc>,
  ) {
    this.tombstones = new ArticleTombstoneRepo(conn);
    this.pages = new IssuePagesRepo(conn);
    this.refs = new RefMarksRepo(conn);
  }

  /** The model of the journal's articles, to read. */
  private m(journalId: string): Model<ArticleDoc> {
    return this.collections.of(journalId);
  }

  async init() {
    // Articles written before DOIs existed get their key before the unique index is built. Once:
    // the query reads the whole collection (a filter FerretDB cannot answer from an index), and
    // every write since sets the key, so a start after the first reads no article.
    const done = this.conn.db!.collection<{ _id: string; at: Date }>('content_migrations');
    if (!(await done.findOne({ _id: 'article-doi-key' }))) await this.keyDois(done);
    if (!(await done.findOne({ _id: 'article-authors' }))) await this.splitAuthorNames(done);
    await this.collections.init();
    await this.tombstones.init();
    await this.pages.init();
    await this.refs.init();
  }

  /** Articles stored, every journal's (collection metadata, no document read). */
  estimatedCount(): Promise<number> {
    return this.collections.estimatedCount();
  }

  private async keyDois(done: mongo.Collection<{ _id: string; at: Date }>) {
    for (const model of await this.collections.existing()) await this.keyDoisIn(model);
    await done.replaceOne({ _id: 'article-doi-key' }, { at: new Date() }, { upsert: true });
  }

  private async keyDoisIn(model: Model<ArticleDoc>) {
    const missing = await model
      .find({ doi_key: { $exists: false } })
      .setOptions(crossJournal('migration: every journal\'s old articles get their DOI key'))
      .select({ refnumber: 1, doi: 1 })
      .lean();
    if (missing.length) {
      await model.bulkWrite(
        missing.map((d) => ({ updateOne: { filter: { _id: d._id }, update: { $set: { doi: d.doi ?? '', doi_key: doiKey(d.doi, d.refnumber) } } } })),
        { ordered: false },
      );
    }
  }

  /**
   * docs/product.md#structured-authors: articles stored before author lists get one split from
   * their name text, which is kept as it was in `authorname_source` (and `authorname` is left
   * untouched until the next save); guesses carry `review` for the admin form to show.
   */
  private async splitAuthorNames(done: mongo.Collection<{ _id: string; at: Date }>) {
    for (const model of await this.collections.existing()) await this.splitAuthorNamesIn(model);
    await done.replaceOne({ _id: 'article-authors' }, { at: new Date() }, { upsert: true });
  }

  private async splitAuthorNamesIn(model: Model<ArticleDoc>) {
    const missing = await model
      .find({ authors: { $exists: false } })
      .setOptions(crossJournal('migration: every journal\'s old articles get their author list'))
      .select({ authorname: 1 })
      .lean();
    // By `_id` alone (FerretDB answers any other filter by reading every article into the
    // process) and a few hundred per round trip, so no single write outlasts the socket timeout.
    for (let i = 0; i < missing.length; i += MIGRATION_BATCH) {
      await model.bulkWrite(
        missing.slice(i, i + MIGRATION_BATCH).map((d) => ({
          updateOne: { filter: { _id: d._id }, update: { $set: { authors: authorsFromText(d.authorname), authorname_source: d.authorname ?? '' } } },
        })),
        { ordered: false },
      );
    }
  }

  /** Whether another article of the journal already has this DOI (case-insensitive). */
  async doiTaken(journalId: string, doi: string, excludeId?: string): Promise<boolean> {
    if (!doi) return false;
    const filter: Record<string, unknown> = { journalId: jid(journalId), doi_key: doiKey(doi, '') };
    const ex = excludeId ? oid(excludeId) : null;
    if (ex) filter._id = { $ne: ex };
    return !!(await this.m(journalId).exists(filter));
  }

  private withPages<T extends ArticleInput>(input: T): T & Partial<{ pageStart: number; pageEnd: number }> {
    return input.pagenumber === undefined ? input : { ...input, ...parsePages(input.pagenumber) };
  }

  private prepare<T extends ArticleInput & { refnumber: string; title: string }>(input: T) {
    // An article given only its name text gets the list that text stands for.
    const authors = input.authors?.length ? input.authors : authorsFromText(input.authorname);
    const full = { description: input.title, file: `${input.refnumber}.pdf`, doi: '', license: '', references: [], ...input, authors };
    return { ...this.withPages(full), ...derivedFields(full), doi_key: doiKey(full.doi, full.refnumber) };
  }

  async create(journalId: string, input: NewArticle): Promise<Article> {
    return this.insert(journalId, input, {});
  }

  private async insert(journalId: string, input: NewArticle, state: Pick<ArticleDoc, 'pending' | 'pendingUpload'>, raise = true): Promise<Plain<ArticleDoc>> {
    const now = new Date();
    const d = await (await this.collections.forWrite(journalId)).create({
      ...this.prepare(input),
      ...state,
      journalId: jid(journalId),
      creation: now,
      modification: now,
    });
    const a = toPlain(d.toObject())!;
    await Promise.all([raise ? this.pages.raise(journalId, [a]) : undefined, this.refs.raise(journalId, [a.refnumber])]);
    return a;
  }

  /**
   * Stores an article `pending` while its PDF (`upload`) is stored: the unique indexes hold its
   * reference number, title and DOI, so a racing duplicate fails before it could write the same
   * file path. Answers the article as it will read once enabled. `checked`: the add checked its
   * first page and raises its issue's bound itself (`raisePagesFrom`).
   */
  async createPending(journalId: string, input: NewArticle, upload: Omit<PendingUpload, 'at'>, checked = false): Promise<Article> {
    const { pending: _p, pendingUpload: _u, ...article } = await this.insert(journalId, input, { pending: true, pendingUpload: { ...upload, at: new Date() } }, !checked);
    return article;
  }

  /**
   * The stored article's issue bound raised from the version its first-page check read
   * (`lastPageAt`): false when another add of the issue raised it since, and the check is to be
   * made again (docs/architecture.md#exactly-once-changes).
   */
  raisePagesFrom(journalId: string, article: Paged, version: number): Promise<boolean> {
    return this.pages.raiseFrom(journalId, article, version);
  }

  /** The pending article goes live; false when it is no longer pending (the sweep took it back). */
  async enable(journalId: string, id: string): Promise<boolean> {
    const r = await this.m(journalId).updateOne({ _id: oid(id), journalId: jid(journalId), pending: true }, { $unset: { pending: 1, pendingUpload: 1 } });
    return r.modifiedCount === 1;
  }

  /** Removes the article if it is still pending; false when it is not (live, or already gone). */
  async removePending(journalId: string, id: string): Promise<boolean> {
    const r = await this.m(journalId).deleteOne({ _id: oid(id), journalId: jid(journalId), pending: true });
    return r.deletedCount === 1;
  }

  /** Every journal's articles pending since before `cutoff` (adds that never finished). */
  async listPendingBefore(cutoff: Date): Promise<PendingArticle[]> {
    const out: PendingArticle[] = [];
    for (const model of await this.collections.existing()) {
      const ds = await model.find({ pending: true }).setOptions(PENDING_SWEEP).select({ year: 1, volume: 1, issue: 1, file: 1, journalId: 1, pendingUpload: 1 }).lean();
      for (const d of ds) {
        if (d.pendingUpload && new Date(d.pendingUpload.at) < cutoff) {
          out.push({ id: String(d._id), journalId: d.journalId, year: d.year, volume: d.volume, issue: d.issue, file: d.file, upload: d.pendingUpload });
        }
      }
    }
    return out;
  }

  /**
   * Many at once (seed, bench); ordered: false so one duplicate does not stop the rest. Written by
   * the driver, past mongoose's documents (making one per article was 0.5 ms of CPU each, most of
   * the seed's own time): the schema's defaults, read once from it, under the prepared fields, so
   * what is stored is what `create` stores. Answers the articles written, as a read of them answers
   * them (the seed builds the journal's views from them instead of reading them back).
   */
  async insertMany(journalId: string, inputs: (ArticleInput & Pick<Article, 'year' | 'volume' | 'issue' | 'refnumber' | 'title' | 'txnid'>)[]): Promise<Article[]> {
    const model = await this.collections.forWrite(journalId);
    this.defaults ??= schemaDefaults(model);
    const now = new Date();
    const docs = inputs.map((input) => ({
      _id: new Types.ObjectId(),
      ...this.defaults,
      ...definedOnly(this.prepare(input)),
      journalId: jid(journalId),
      creation: now,
      modification: now,
    }));
    try {
      if (docs.length) await model.collection.insertMany(docs, { ordered: false });
    } catch (err) {
      // Unordered: the others are stored though one was refused (a seed run again meets its
      // duplicates). Their references and pages are marked all the same: a mark missing would leave a
      // bound below a stored article unseen (a proposal under its reference, an add's pages over its).
      const refused = new Set((err instanceof mongo.MongoBulkWriteError ? [err.writeErrors].flat() : []).map((e) => e.index));
      const stored = docs.filter((_, n) => !refused.has(n));
      await Promise.all([this.pages.raise(journalId, stored), this.refs.raise(journalId, stored.map((d) => d.refnumber))]).catch(() => undefined);
      throw err;
    }
    await Promise.all([this.pages.raise(journalId, docs), this.refs.raise(journalId, docs.map((d) => d.refnumber))]);
    return toPlainList(docs as ArticleDoc[] as (ArticleDoc & { _id: Types.ObjectId })[]);
  }

  /**
   * `current`: the article as the caller has just read it (its derived fields' sources, DOI and
   * reference number), which spares the read made otherwise; with its issue and pages, an edit
   * that keeps them spares the raise of the issue's pages bound too.
   */
  async update(
    journalId: string,
    id: string,
    patch: ArticleInput,
    current?: Pick<Article, (typeof DERIVED_FROM)[number] | 'doi' | 'refnumber'> & Partial<Paged>,
  ): Promise<Article | null> {
    const _id = oid(id);
    if (!_id) return null;
    const set: Record<string, unknown> = { ...this.withPages(patch), modification: new Date() };
    delete set.title_html;
    delete set.search_text;
    delete set.doi_key;
    const derive = DERIVED_FROM.some((f) => patch[f] !== undefined);
    const rekey = patch.doi !== undefined || patch.refnumber !== undefined;
    let renumbered = false;
    if (derive || rekey) {
      // By _id alone (the one filter FerretDB pushes down), the journal checked here.
      const fields = Object.fromEntries([...DERIVED_FROM, 'doi', 'refnumber', 'journalId'].map((f) => [f, 1]));
      // (The write below is scoped to the journal whichever it is.)
      const read = current ? null : await this.m(journalId).findOne({ _id }).setOptions(BY_ID).select(fields).lean();
      if (!current && (!read || read.journalId !== jid(journalId))) return null;
      const cur = current ?? read!;
      if (derive) Object.assign(set, derivedFields({ ...cur, ...patch }));
      if (rekey) set.doi_key = doiKey(patch.doi ?? cur.doi, patch.refnumber ?? cur.refnumber);
      renumbered = patch.refnumber !== undefined && patch.refnumber !== cur.refnumber && isNumericRef(patch.refnumber);
    }
    const d = await (await this.collections.forWrite(journalId)).findOneAndUpdate({ _id, journalId: jid(journalId) }, { $set: set }, { returnDocument: 'after' }).lean();
    // Pages past those it had, or another issue: that issue's bound (lastPageFor) is raised, once the article is stored.
    // A new numeric reference number: the journal's bound of them (highestNumericRef) too.
    await Promise.all([d && passesBound(d, current) ? this.pages.raise(journalId, [d]) : undefined, d && renumbered ? this.refs.raise(journalId, [d.refnumber]) : undefined]);
    return toPlain(d);
  }

  /** Sets or clears (null) the withdrawal; the article otherwise unchanged. */
  async setWithdrawal(journalId: string, id: string, withdrawal: Withdrawal | null, by: string): Promise<Article | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.m(journalId)
      .findOneAndUpdate({ _id, journalId: jid(journalId), ...LIVE }, { $set: { withdrawal, modifiedby: by, modification: new Date() } }, { returnDocument: 'after' })
      .lean();
    return toPlain(d);
  }

  /**
   * Removes an article and, unless told it had not been published (a failed add), keeps its
   * tombstone so harvesters are told it is gone.
   */
  async remove(journalId: string, id: string, opts: { tombstone?: boolean } = {}): Promise<boolean> {
    const _id = oid(id);
    if (!_id) return false;
    // No projection: FerretDB does not take one on findAndModify.
    const d = await this.m(journalId).findOneAndDelete({ _id, journalId: jid(journalId) }).lean();
    if (!d) return false;
    if (opts.tombstone !== false && d.refnumber) {
      await this.tombstones.put(journalId, { refnumber: d.refnumber, year: d.year, volume: d.volume, issue: d.issue, removedAt: new Date() });
    }
    return true;
  }

  /**
   * A read by id cast as findById sends it, and not sent (start-up: mongoose's first cast of an id
   * loads a module, a walk of the file system a process's first save paid), with the fields a write
   * derives made from `sample`.
   */
  warm(journalId: string, sample: Pick<Article, (typeof DERIVED_FROM)[number] | 'doi' | 'refnumber' | 'pagenumber'>): void {
    this.m(journalId).findOne({ _id: new Types.ObjectId() }).setOptions(BY_ID).cast();
    this.withPages(sample);
    derivedFields(sample);
    doiKey(sample.doi, sample.refnumber);
  }

  async findById(journalId: string, id: string): Promise<Article | null> {
    const _id = oid(id);
    if (!_id) return null;
    // By _id alone, then the journal checked here: FerretDB pushes only a lone _id filter down to
    // SQLite (any other filter scans the collection); MongoDB answers either from the _id index.
    const d = await this.m(journalId).findOne({ _id }).setOptions(BY_ID).lean();
    return d && d.journalId === jid(journalId) && !d.pending ? toPlain(d) : null;
  }

  async findByRef(journalId: string, refnumber: string): Promise<Article | null> {
    if (!refnumber) return null;
    return toPlain((await this.m(journalId).findOne({ journalId: jid(journalId), refnumber: String(refnumber), ...LIVE }).lean()));
  }

  /** The journal's articles with these reference numbers, any status (staff documents). */
  async findByRefs(journalId: string, refs: string[]): Promise<Article[]> {
    if (!refs.length) return [];
    // One equality each: FerretDB hands equalities to its storage's indexes, never an `$in`.
    const found = await Promise.all([...new Set(refs.map(String))].map((r) => this.findByRef(journalId, r)));
    return found.filter((a): a is Article => a !== null);
  }

  /**
   * Articles of one issue sorted by page start. `publicOnly` applies docs/product.md#visibility-and-ordering; `fields` narrows the
   * projection (lean lists).
   */
  async listByIssue(
    journalId: string,
    key: { year: number; volume: number; issue: number },
    opts: { publicOnly?: boolean; fields?: readonly (keyof Article)[] } = {},
  ): Promise<Article[]> {
    const filter: Record<string, unknown> = { journalId: jid(journalId), year: key.year, volume: key.volume, issue: key.issue, ...LIVE };
    if (opts.publicOnly) Object.assign(filter, PUBLIC_ARTICLE);
    const q = this.m(journalId).find(filter);
    if (opts.fields) q.select(Object.fromEntries([...opts.fields, 'pageStart', 'refnumber'].map((f) => [f, 1])));
    const ds = toPlainList((await q.lean()));
    return ds.sort(byPageStart);
  }

  /**
   * The issue's articles as `listByIssue` answers them (every status, by page) and its last page as
   * `lastPageOfIssue` reads it (pending adds count), from one read of the issue (the add form's
   * screen): the two made apart read each of the issue's articles twice. Pending ones are left out
   * of the list as LIVE leaves them out (the field is there only while pending).
   */
  async listByIssueWithLastPage(journalId: string, key: { year: number; volume: number; issue: number }): Promise<{ articles: Article[]; lastPage: number }> {
    const ds = await this.m(journalId).find({ journalId: jid(journalId), year: key.year, volume: key.volume, issue: key.issue }).lean();
    const lastPage = ds.reduce((m, d) => Math.max(m, d.pageEnd ?? 0, d.pageStart ?? 0), 0);
    return { articles: toPlainList(ds.filter((d) => !('pending' in d))).sort(byPageStart), lastPage };
  }

  /** Every public article of a journal (search corpus, sitemap, OAI), with an optional projection. */
  async listPublic(journalId: string, fields?: readonly (keyof Article)[]): Promise<Article[]> {
    const q = this.m(journalId).find({ journalId: jid(journalId), ...PUBLIC_ARTICLE });
    if (fields) q.select(Object.fromEntries([...fields, 'status', 'refnumber'].map((f) => [f, 1])));
    return toPlainList((await q.lean()));
  }

  /** Every public article of every journal, one scan per collection, grouped by journal (tools). */
  async listPublicByJournal(fields: readonly (keyof Article)[]): Promise<Map<string, Article[]>> {
    const select = Object.fromEntries([...fields, 'status', 'refnumber', 'journalId'].map((f) => [f, 1]));
    const docs = [];
    for (const model of await this.collections.existing()) docs.push(...(await model.find(PUBLIC_ARTICLE).setOptions(EVERY_JOURNAL).select(select).lean()));
    return groupByJournal(docs);
  }

  /** Every article of a journal (admin list), newest issue first then page order. */
  async list(journalId: string, fields?: readonly (keyof Article)[]): Promise<Article[]> {
    const q = this.m(journalId).find({ journalId: jid(journalId), ...LIVE });
    if (fields) q.select(Object.fromEntries([...fields, 'year', 'volume', 'issue', 'pageStart', 'refnumber'].map((f) => [f, 1])));
    const ds = toPlainList((await q.lean()));
    return ds.sort((a, b) => b.year - a.year || b.volume - a.volume || b.issue - a.issue || byPageStart(a, b));
  }

  /**
   * The last page used in an issue, read from its articles (add-article rule: docs/product.md#article-rules),
   * 0 when the issue is empty. Pending articles count, as they do for the duplicate checks: an add under way
   * holds its pages. `exceptId`'s pages are left out.
   */
  async lastPageOfIssue(journalId: string, key: { year: number; volume: number; issue: number }, exceptId?: string): Promise<number> {
    const ds = await this.m(journalId)
      .find({ journalId: jid(journalId), year: key.year, volume: key.volume, issue: key.issue })
      .select({ pageEnd: 1, pageStart: 1 })
      .lean();
    return ds.reduce((m, d) => (String(d._id) === exceptId ? m : Math.max(m, d.pageEnd ?? 0, d.pageStart ?? 0)), 0);
  }

  /**
   * The issue's last page as the first-page rule needs it (a `first` past it is allowed): the
   * issue's bound when `first` is past it, no article read (see IssuePagesRepo); otherwise the last
   * page read from its articles, which the bound is then brought to.
   */
  async lastPageFor(journalId: string, key: { year: number; volume: number; issue: number }, first: number): Promise<number> {
    return (await this.lastPageAt(journalId, key, first)).last;
  }

  /**
   * `lastPageFor`, and the version of the issue's bound that answer stands on: an add that passes
   * the rule raises the bound from it (`raisePagesFrom`). `exceptId`: the add's own article, stored
   * when it checks again.
   */
  async lastPageAt(journalId: string, key: { year: number; volume: number; issue: number }, first: number, exceptId?: string): Promise<{ last: number; version: number }> {
    const bound = await this.pages.read(journalId, key);
    if (bound.ready && first > bound.last) {
      this.pages.fold(journalId, key, bound);
      return { last: bound.last, version: bound.version };
    }
    const last = await this.lastPageOfIssue(journalId, key, exceptId);
    // Another numbered mark first: the version read is outrun, and a raise from it is refused.
    const version = (await this.pages.settle(journalId, key, bound, last)) ?? bound.version;
    return { last, version };
  }

  /**
   * The journal's highest numeric reference number (0 for none), as the publish proposal counts
   * it (docs/product.md#submissions), from the journal's bound (RefMarksRepo) and two lookups by the
   * unique reference index: the bound's own reference still stored and the next one free. Adds under
   * way count, as for the duplicate checks (their reference is taken). When the bound does not hold
   * (none yet, its article removed or renamed, a writer stopped before its mark) it is made again
   * from a read of every reference of the journal, once.
   */
  async highestNumericRef(journalId: string): Promise<number> {
    const bound = await this.refs.read(journalId);
    if (bound.ready) {
      const [top, next] = await Promise.all([bound.ref ? this.refTaken(journalId, bound.ref) : true, this.refTaken(journalId, String(bound.n + 1))]);
      if (top && !next) {
        this.refs.fold(journalId, bound);
        return bound.n;
      }
    }
    const ds = await this.m(journalId).find({ journalId: jid(journalId) }).select({ _id: 0, refnumber: 1 }).lean<{ refnumber: string }[]>();
    const top = ds.reduce((m, d) => (isNumericRef(d.refnumber) && Number(d.refnumber) > m.n ? { ref: d.refnumber, n: Number(d.refnumber) } : m), { ref: '', n: 0 });
    // Left for the next read when it fails: that read then reads the journal again.
    await this.refs.settle(journalId, bound, top).catch(() => undefined);
    return top.n;
  }

  /** Whether an article of the journal (pending ones too) has this reference number: the unique index's lookup. */
  private async refTaken(journalId: string, refnumber: string): Promise<boolean> {
    return (await this.m(journalId).find({ journalId: jid(journalId), refnumber }).select({ _id: 1 }).limit(1).lean()).length > 0;
  }

  /** Article counts per issue, all statuses (admin) or public only. */
  async countsByIssue(journalId: string, opts: { publicOnly?: boolean } = {}): Promise<{ year: number; volume: number; issue: number; count: number }[]> {
    // Counted here from the journal's keys: FerretDB runs an aggregate's `$match` (and a `count`)
    // over the whole collection, where a find hands the journal's equality to the index.
    const keys = await this.m(journalId)
      .find({ journalId: jid(journalId), ...(opts.publicOnly ? PUBLIC_ARTICLE : LIVE) })
      .select({ _id: 0, year: 1, volume: 1, issue: 1 })
      .lean<{ year: number; volume: number; issue: number }[]>();
    const by = new Map<string, { year: number; volume: number; issue: number; count: number }>();
    for (const k of keys) {
      const id = `${k.year}/${k.volume}/${k.issue}`;
      const row = by.get(id);
      if (row) row.count++;
      else by.set(id, { year: k.year, volume: k.volume, issue: k.issue, count: 1 });
    }
    return [...by.values()];
  }

  async count(journalId: string, opts: { publicOnly?: boolean } = {}): Promise<number> {
    return (await this.countsByIssue(journalId, opts)).reduce((n, r) => n + r.count, 0);
  }

  /** Admin duplicate checks (docs/product.md#error-messages): which unique fields another article of the journal already uses. */
  async findConflicts(
    journalId: string,
    fields: { refnumber?: string; txnid?: string; title?: string },
    exceptId?: string,
  ): Promise<('refnumber' | 'txnid' | 'title')[]> {
    const keys = (['refnumber', 'txnid', 'title'] as const).filter((k) => typeof fields[k] === 'string' && fields[k] !== '');
    if (!keys.length) return [];
    const except = exceptId ? oid(exceptId) : null;
    // One equality per field (an index lookup on FerretDB too, where an `$or` reads the journal).
    const taken = await Promise.all(
      keys.map(async (k) => {
        const ds = await this.m(journalId).find({ journalId: jid(journalId), [k]: fields[k] }).select({ _id: 1 }).limit(2).lean();
        return ds.some((d) => !except || !except.equals(d._id));
      }),
    );
    return keys.filter((_, i) => taken[i]);
  }

  /**
   * Every article of these journals (all statuses, every field), grouped by journal (the views
   * rebuild): one query per journal, an equality FerretDB hands to its storage's journalId index
   * (an `$in` it would answer by reading the whole collection).
   */
  async listByJournals(journalIds: string[]): Promise<Map<string, Article[]>> {
    const docs = [];
    for (const id of journalIds) docs.push(...(await this.m(id).find({ journalId: jid(id), ...LIVE }).batchSize(1000).lean()));
    return groupByJournal(docs);
  }

  /** Every article of every journal (all statuses), one scan per collection, grouped by journal (tools). */
  async listAllByJournal(fields: readonly (keyof Article)[]): Promise<Map<string, Article[]>> {
    const select = Object.fromEntries([...fields, 'status', 'refnumber', 'journalId'].map((f) => [f, 1]));
    const docs = [];
    for (const model of await this.collections.existing()) docs.push(...(await model.find(LIVE).setOptions(EVERY_JOURNAL).select(select).lean()));
    return groupByJournal(docs);
  }
}

/** Newest issue first, then page order: the order of admin lists and the admin search. */
export const byIssueThenPage = (a: Pick<Article, 'year' | 'volume' | 'issue' | 'pageStart' | 'refnumber'>, b: Pick<Article, 'year' | 'volume' | 'issue' | 'pageStart' | 'refnumber'>) =>
  b.year - a.year || b.volume - a.volume || b.issue - a.issue || byPageStart(a, b);

/** The fields the admin search matches on (its in-memory index is built from these). */
export const ADMIN_SEARCH_FIELDS = ['refnumber', 'title', 'authorname', 'txnid', 'email', 'keywords'] as const satisfies readonly (keyof Article)[];

/** Separates fields in an admin haystack, so a match never spans two fields (a query never holds it). */
export const FIELD_SEP = '\u0000';

/** The admin search's answer line for an article (docs/product.md#admin-area). */
export function adminHitOf(a: Article): AdminSearchHit {
  return {
    id: a.id,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    refnumber: String(a.refnumber ?? ''),
    title: a.title ?? '',
    authorname: a.authorname ?? '',
    pagenumber: a.pagenumber ?? '',
    status: a.status ?? '',
  };
}

/** One article's admin search text: the matched fields as stored, lower-cased, one separator apart. */
export const adminHaystack = (a: Pick<Article, (typeof ADMIN_SEARCH_FIELDS)[number]>) =>
  [a.title, a.authorname, a.txnid, a.email, a.keywords].map((f) => String(f ?? '').toLowerCase()).join(FIELD_SEP);

/**
 * The admin search rule: the exact reference number, or a case-insensitive substring of title,
 * authors, txnid, email or keywords (never across two fields: the separator cannot be typed in
 * the search box, and a query holding it matches only by reference number).
 */
export function adminMatcher(q: string): (refnumber: string, hay: string) => boolean {
  const needle = q.toLowerCase();
  if (needle.includes(FIELD_SEP)) return (refnumber) => refnumber === q;
  return (refnumber, hay) => refnumber === q || hay.includes(needle);
}
