import {
  AppError, sanitizeRichText, WORKLOG_PAGE_SIZE,
  type Logger, type WorkEntry, type WorkEntryCreateInput, type WorkEntryPage, type WorkListQuery, type WorkStatus,
} from '@journal/common';
import { clampPage, EntryIndex } from './entry-index';
import type { EntryFilter, EntryRepo, StoredEntry } from './entry.repo';
import type { VersionRepo } from './version.repo';

export interface WorklogServiceDeps {
  entries: EntryRepo;
  versions: VersionRepo;
  logger: Logger;
  /** See WORKLOG_MEMORY_INDEX in config.ts. */
  memoryIndex: boolean;
  maxJournals: number;
}

interface Cached {
  version: number;
  index: EntryIndex;
}

/** Who is writing, from the verified token. */
export interface Author {
  name: string;
}

export class WorklogService {
  private readonly cache = new Map<string, Cached>();
  private readonly loading = new Map<string, { version: number; promise: Promise<Cached> }>();
  /** Sanitising is the costly part of an answer; each stored content is sanitised once. */
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
   * GET /api/webdata. Without query parameters: the original's array of every entry (docs/product.md#api).
   * With any: one page, filtered by status and by a case-insensitive substring of the content.
   */
  async list(journalId: string, q: WorkListQuery): Promise<WorkEntry[] | WorkEntryPage> {
    const paged = q.status !== undefined || q.search !== undefined || q.page !== undefined || q.pageSize !== undefined;
    const filter: EntryFilter = {
      status: q.status && q.status !== 'all' ? q.status : undefined,
      search: q.search ? q.search : undefined,
    };
    const pageSize = q.pageSize ?? WORKLOG_PAGE_SIZE;
    const page = q.page ?? 1;

    if (this.deps.memoryIndex) {
      const { index } = await this.indexFor(journalId);
      if (!paged) return index.all().map((e) => this.toOutput(e));
      const r = index.query(filter, page, pageSize);
      return { items: r.items.map((e) => this.toOutput(e)), total: r.total, page: r.page, pageSize };
    }

    if (!paged) return (await this.deps.entries.all(journalId)).map((e) => this.toOutput(e));
    const total = await this.deps.entries.count(journalId, filter);
    const p = clampPage(page, total, pageSize);
    const items = total === 0 ? [] : await this.deps.entries.list(journalId, filter, (p - 1) * pageSize, pageSize);
    return { items: items.map((e) => this.toOutput(e)), total, page: p, pageSize };
  }

  async create(journalId: string, author: Author, input: WorkEntryCreateInput): Promise<WorkEntry> {
    const entry = await this.deps.entries.create({
      journalId,
      content: input.content,
      status: input.status,
      createdby: author.name,
      createdAt: new Date(),
    });
    await this.afterWrite(journalId, (index) => index.add(entry));
    return this.toOutput(entry);
  }

  async setStatus(journalId: string, id: string, status: WorkStatus): Promise<WorkEntry> {
    const entry = await this.deps.entries.findById(journalId, id);
    if (!entry) throw new AppError(404, 'not_found', 'No such entry');
    await this.deps.entries.setStatus(id, status);
    await this.afterWrite(journalId, (index) => index.setStatus(id, status));
    return this.toOutput({ ...entry, status });
  }

  /**
   * Bumps the journal's version and applies the write to this replica's index when no other
   * write came in between; otherwise the index is dropped and rebuilt on the next read.
   */
  private async afterWrite(journalId: string, apply: (index: EntryIndex) => void) {
    let version: number;
    try {
      version = await this.deps.versions.bump(journalId);
    } catch (err) {
      // The write is stored; other replicas catch up at their next version change.
      this.deps.logger.error({ err, journalId }, 'worklog version bump failed');
      this.cache.delete(journalId);
      return;
    }
    const cached = this.cache.get(journalId);
    if (!cached) return;
    if (cached.version === version - 1) {
      apply(cached.index);
      cached.version = version;
    } else {
      this.cache.delete(journalId);
    }
  }

  private warming?: Promise<void>;

  /**
   * Builds the indexes of all journals from one pass over the collection, in the background at
   * start: a scan costs the same for one journal as for all of them on FerretDB, and the first
   * list of a large journal should not wait for it. Versions are read before the entries.
   */
  warmUp(): Promise<void> {
    if (!this.deps.memoryIndex) return Promise.resolve();
    const started = Date.now();
    this.warming = (async () => {
      const versions = await this.deps.versions.all();
      const groups = await this.deps.entries.allByJournal();
      const biggest = [...groups.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, this.deps.maxJournals);
      for (const [journalId, entries] of biggest) {
        if (this.cache.has(journalId)) continue;
        this.cache.set(journalId, { version: versions.get(journalId) ?? 0, index: new EntryIndex(entries) });
      }
      this.deps.logger.info({ journals: biggest.length, ms: Date.now() - started }, 'worklog indexes built');
    })()
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'worklog warm-up failed; indexes load on first use'))
      .finally(() => {
        this.warming = undefined;
      });
    return this.warming;
  }

  private async indexFor(journalId: string): Promise<Cached> {
    if (this.warming) await this.warming;
    const version = await this.deps.versions.get(journalId);
    const hit = this.cache.get(journalId);
    if (hit && hit.version === version) {
      // Map order doubles as recency for dropping the least recently used journal.
      this.cache.delete(journalId);
      this.cache.set(journalId, hit);
      return hit;
    }
    const inflight = this.loading.get(journalId);
    if (inflight && inflight.version === version) return inflight.promise;
    const promise = this.load(journalId, version).finally(() => {
      if (this.loading.get(journalId)?.promise === promise) this.loading.delete(journalId);
    });
    this.loading.set(journalId, { version, promise });
    return promise;
  }

  /** The version is read before the entries, so a write racing the load only causes a reload. */
  private async load(journalId: string, version: number): Promise<Cached> {
    const started = Date.now();
    const index = new EntryIndex(await this.deps.entries.all(journalId));
    const cached: Cached = { version, index };
    const current = this.cache.get(journalId);
    // A slower load of an older version must not replace a newer one.
    if (current && current.version > version) return cached;
    this.cache.delete(journalId);
    this.cache.set(journalId, cached);
    while (this.cache.size > this.deps.maxJournals) this.cache.delete(this.cache.keys().next().value!);
    this.deps.logger.info({ journalId, entries: index.size, ms: Date.now() - started, version }, 'worklog index loaded');
    return cached;
  }
}
