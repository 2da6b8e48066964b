import { AppError, diffFields, sanitizeRichText, type ActivityActor, type ActivityLog, type OnceClaim } from '@journal/server-kit';
import {
  isPagedQuery,
  WORKLOG_MAX_PAGE_SIZE,
  WORKLOG_PAGE_SIZE,
  type WorkEntry,
  type WorkEntryCreateInput,
  type WorkEntryInternalInput,
  type WorkEntryPage,
  type WorkListQuery,
  type WorkStatus,
} from '@journal/contracts';
import type { EntryIndex } from './entry-index';
import { clampPage } from './entry-pages';
import type { EntryFilter, EntryRepo, StoredEntry } from './entry.repo';

export interface WorklogServiceDeps {
  entries: EntryRepo;
  index: EntryIndex;
  /** See WORKLOG_LIST_FROM_INDEX in config.ts. */
  listFromIndex: boolean;
  /** The journal's activity log: entries written and statuses changed are recorded there. */
  activity?: ActivityLog;
  /** Keys of entries other services write once (entry-keys.ts). */
  keys?: { claim(journalId: string, key: string): Promise<OnceClaim> };
}

/** Who is writing, from the verified token. */
export type Author = ActivityActor;

export class WorklogService {
  /** Sanitising is the costly part of an answer; each stored content is sanitised once while its page is cached. */
  private readonly html = new WeakMap<StoredEntry, { raw: string; html: string }>();

  constructor(private readonly deps: WorklogServiceDeps) {}

  private sanitised(e: StoredEntry): string {
    // Text without markup characters comes out of the sanitiser unchanged.
    if (!/[<>&]/.test(e.content)) return e.content;
    let memo = this.html.get(e);
    if (!memo || memo.raw !== e.content) {
      memo = { raw: e.content, html: sanitizeRichText(e.content) };
      this.html.set(e, memo);
    }
    return memo.html;
  }

  private toOutput(e: StoredEntry): WorkEntry {
    return { id: e.id, content: this.sanitised(e), status: e.status, createdby: e.createdby, created_at: e.createdAt.toISOString() };
  }

  /**
   * GET /api/webdata: one page, newest first, filtered by status and by a case-insensitive
   * substring of the content. Without query parameters the route answers the page's entries as the
   * original's array (docs/product.md#api): the newest WORKLOG_MAX_PAGE_SIZE, never the whole log.
   */
  async list(journalId: string, q: WorkListQuery): Promise<WorkEntryPage> {
    const filter: EntryFilter = {
      status: q.status && q.status !== 'all' ? q.status : undefined,
      search: q.search ? q.search : undefined,
    };
    const pageSize = q.pageSize ?? (isPagedQuery(q) ? WORKLOG_PAGE_SIZE : WORKLOG_MAX_PAGE_SIZE);
    const page = q.page ?? 1;

    if (this.deps.listFromIndex) {
      const r = await this.deps.index.query(journalId, filter, page, pageSize);
      return { items: r.items.map((e) => this.toOutput(e)), total: r.total, page: r.page, pageSize };
    }

    const total = await this.deps.entries.count(journalId, filter);
    const p = clampPage(page, total, pageSize);
    const items = total === 0 ? [] : await this.deps.entries.list(journalId, filter, (p - 1) * pageSize, pageSize);
    return { items: items.map((e) => this.toOutput(e)), total, page: p, pageSize };
  }

  /**
   * Stores the entry and puts it into the journal's index under the journal's lock, so the answer
   * and every later read on any replica include it.
   */
  async create(journalId: string, author: Author, input: Pick<WorkEntryCreateInput, 'content'> & { status: WorkStatus }): Promise<WorkEntry> {
    const entry = await this.deps.index.locked(journalId, async () => {
      const stored = await this.deps.entries.create({
        journalId,
        content: input.content,
        status: input.status,
        createdby: author.name,
        createdAt: new Date(),
      });
      await this.deps.index.add(stored);
      return stored;
    });
    await this.deps.activity?.record(journalId, author, {
      kind: 'worklog.create',
      record: { type: 'worklog', id: entry.id, label: entry.content },
      changes: diffFields(null, { content: entry.content, status: entry.status }),
    });
    return this.toOutput(entry);
  }

  /**
   * An entry another service writes for the journal (docs/product.md#submission-worklog), once per
   * key: a repeat (a retry after a lost answer) answers the entry already written.
   */
  async createOnce(journalId: string, input: WorkEntryInternalInput, requestId: string): Promise<WorkEntry> {
    if (!this.deps.keys) throw new AppError(503, 'unavailable', 'Entries by key are not available');
    const claim = await this.deps.keys.claim(journalId, input.key);
    if (claim.kind === 'repeat') {
      const e = await this.deps.entries.findById(journalId, claim.result);
      if (!e) throw new AppError(404, 'not_found', 'No such entry');
      return this.toOutput(e);
    }
    const actor: ActivityActor = { id: '', name: input.createdby, role: 'system', ip: '', requestId };
    let out: WorkEntry;
    try {
      out = await this.create(journalId, actor, { content: input.content, status: input.status });
    } catch (err) {
      await claim.release();
      throw err;
    }
    await claim.done(out.id).catch(() => undefined);
    return out;
  }

  async setStatus(journalId: string, actor: ActivityActor, id: string, status: WorkStatus): Promise<WorkEntry> {
    const entry = await this.deps.entries.findById(journalId, id);
    if (!entry) throw new AppError(404, 'not_found', 'No such entry');
    await this.deps.index.locked(journalId, async () => {
      await this.deps.entries.setStatus(id, status);
      // An entry the index lacks (stored before the index existed, or a writer that died half way) is added.
      if (!(await this.deps.index.setStatus(entry, status))) await this.deps.index.add({ ...entry, status });
    });
    await this.deps.activity?.record(journalId, actor, {
      kind: 'worklog.status',
      record: { type: 'worklog', id, label: entry.content },
      changes: diffFields({ status: entry.status }, { status }),
    });
    return this.toOutput({ ...entry, status });
  }
}
