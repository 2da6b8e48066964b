import {
  ActivityLog,
  AppError,
  diffFields,
  type ActivityActor,
  ChangeFeed,
  LRUCache,
  sanitizeRichText,
  type ChangeFeedHandler,
  type Logger,
  type Redis,
} from '@journal/server-kit';
import {
  WORKLOG_PAGE_SIZE,
  type WorkEntry,
  type WorkEntryCreateInput,
  type WorkEntryPage,
  type WorkListQuery,
  type WorkStatus,
} from '@journal/contracts';
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
  /** Carries writes to the other replicas; without it (tests of the database path) nothing is shared. */
  redis?: Redis;
  subscriber?: Redis;
  redisPrefix?: string;
  /** How often the change counters are compared with what this replica applied. */
  versionPollMs?: number;
  /** The journal's activity log: entries written and statuses changed are recorded there. */
  activity?: ActivityLog;
}

/** What a write changed: one entry (re-read by id), or the whole journal (a seed). */
export type WorklogChange = { t: 'entry'; id: string } | { t: 'all' };

/** Who is writing, from the verified token. */
export type Author = ActivityActor;

export class WorklogService implements ChangeFeedHandler<WorklogChange> {
  /** Each journal's index; the least recently used journal is dropped beyond WORKLOG_MEMORY_JOURNALS. */
  private readonly cache: LRUCache<string, EntryIndex>;
  private readonly loading = new Map<string, Promise<EntryIndex>>();
  /** Sanitising is the costly part of an answer; each stored content is sanitised once. */
  private readonly html = new WeakMap<StoredEntry, { raw: string; html: string }>();
  readonly feed?: ChangeFeed<WorklogChange>;
  /** True once every journal's index is loaded (readiness). */
  ready = false;
  readyMs = 0;

  constructor(private readonly deps: WorklogServiceDeps) {
    this.cache = new LRUCache<string, EntryIndex>({
      max: deps.maxJournals,
      dispose: (_index, journalId, reason) => {
        if (reason === 'evict' || reason === 'delete') this.feed?.forget(journalId);
      },
    });
    if (deps.redis && deps.memoryIndex) {
      this.feed = new ChangeFeed<WorklogChange>(
        { name: 'worklog', prefix: deps.redisPrefix ?? 'jp:', redis: deps.redis, subscriber: deps.subscriber, logger: deps.logger, pollMs: deps.versionPollMs },
        this,
      );
    }
  }

  journals(): Iterable<string> {
    return this.cache.keys();
  }

  /** Re-reads the entries a write named and puts them into the journal's index. */
  async apply(journalId: string, changes: WorklogChange[]): Promise<void> {
    const index = this.cache.peek(journalId);
    if (!index) return;
    if (changes.some((c) => c.t === 'all')) return this.rebuild(journalId);
    const ids = [...new Set(changes.map((c) => (c.t === 'entry' ? c.id : '')).filter(Boolean))];
    const found = await Promise.all(ids.map((id) => this.deps.entries.findById(journalId, id)));
    for (const e of found) if (e) index.upsert(e);
  }

  /** Loads the journal's entries again; readers keep the current index until the new one is built. */
  async rebuild(journalId: string): Promise<void> {
    const started = Date.now();
    const index = new EntryIndex(await this.deps.entries.all(journalId));
    this.cache.set(journalId, index);
    this.deps.logger.info({ journalId, entries: index.size, ms: Date.now() - started }, 'worklog index reloaded');
  }

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
      const index = await this.indexFor(journalId);
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
    await this.afterWrite(journalId, entry.id);
    await this.deps.activity?.record(journalId, author, {
      kind: 'worklog.create',
      record: { type: 'worklog', id: entry.id, label: entry.content },
      changes: diffFields(null, { content: entry.content, status: entry.status }),
    });
    return this.toOutput(entry);
  }

  async setStatus(journalId: string, actor: ActivityActor, id: string, status: WorkStatus): Promise<WorkEntry> {
    const entry = await this.deps.entries.findById(journalId, id);
    if (!entry) throw new AppError(404, 'not_found', 'No such entry');
    await this.deps.entries.setStatus(id, status);
    await this.afterWrite(journalId, id);
    await this.deps.activity?.record(journalId, actor, {
      kind: 'worklog.status',
      record: { type: 'worklog', id, label: entry.content },
      changes: diffFields({ status: entry.status }, { status }),
    });
    return this.toOutput({ ...entry, status });
  }

  /** Applies the write to this replica's index (before answering) and tells the others. */
  private async afterWrite(journalId: string, id: string) {
    if (this.feed) await this.feed.publish(journalId, [{ t: 'entry', id }]);
    else if (this.deps.memoryIndex) await this.apply(journalId, [{ t: 'entry', id }]);
  }

  /**
   * Subscribes to changes, then builds the indexes of all journals from one pass over the
   * collection (a scan costs the same for one journal as for all of them on FerretDB). The
   * process reports ready only after this. Versions are read before the entries.
   */
  async warmUp(): Promise<void> {
    const started = Date.now();
    try {
      if (!this.deps.memoryIndex) return;
      await this.feed?.start();
      const versions = await this.deps.versions.all().catch(() => new Map<string, number>());
      const groups = await this.deps.entries.allByJournal();
      const biggest = [...groups.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, this.deps.maxJournals);
      for (const [journalId, entries] of biggest) {
        if (this.cache.has(journalId)) continue;
        this.cache.set(journalId, new EntryIndex(entries));
        this.feed?.loadedAt(journalId, versions.get(journalId) ?? 0);
      }
      this.deps.logger.info({ journals: biggest.length, ms: Date.now() - started }, 'worklog indexes built');
    } finally {
      this.readyMs = Date.now() - started;
      this.ready = true;
    }
  }

  stop() {
    this.feed?.stop();
  }

  /** The journal's index; one not in memory (new, or dropped as least used) is loaded once, shared by concurrent callers. */
  private async indexFor(journalId: string): Promise<EntryIndex> {
    const hit = this.cache.get(journalId);
    if (hit) return hit;
    let p = this.loading.get(journalId);
    if (!p) {
      p = (async () => {
        // The counter before the load: changes after it are applied on top once it is recorded.
        const at = this.feed ? await this.feed.versions([journalId]).then((m) => m.get(journalId) ?? 0, () => null) : null;
        const started = Date.now();
        const index = new EntryIndex(await this.deps.entries.all(journalId));
        this.cache.set(journalId, index);
        if (at !== null) this.feed?.loadedAt(journalId, at);
        this.deps.logger.info({ journalId, entries: index.size, ms: Date.now() - started }, 'worklog index loaded');
        return index;
      })().finally(() => this.loading.delete(journalId));
      this.loading.set(journalId, p);
    }
    return p;
  }
}
