import { LRUCache, type Logger } from '@journal/server-kit';
import type { AdminSearchHit } from '@journal/contracts';
import { normaliseKeyword, SEARCH_MAX_RESULTS } from './search-keyword';
import { JournalSearch, type JournalSearchOptions } from './journal-search';
import type { SearchEntry, SearchSummary } from './search-entry';
import { BadSearchDocError, chunkOf, type SearchHead, type SearchRepo } from './search.repo';
import { SearchWriter, type SearchWriterMarks } from './search-writer';

/**
 * Entries a chunk is made for. An article's save reads and rewrites its chunk: 128 keep that to
 * some 7 kB of brotli (a quarter of what 512 cost a save in the database and in brotli), while a
 * journal's load reads four times the documents (a 100,000-article journal: 1,024 by `_id`).
 */
const CHUNK_ENTRIES = 128;

/** Entries of a journal, from the source of truth (the articles), in any order. */
export type SearchEntries = AsyncIterable<SearchEntry> | Iterable<SearchEntry>;

export interface SearchStoreOptions {
  repo: SearchRepo;
  logger: Logger;
  /** Memory for the journals' indexes held at once (bytes, as estimated). */
  budgetBytes: number;
  /** Every entry of a journal, read from the articles: a journal without a usable persisted index is rebuilt from it on read. */
  source: (journalId: string) => SearchEntries;
  /** At or above this many entries a journal gets the trigram index (built in the background). */
  minIndexed?: number;
  /** Entries a chunk is made for; a chunk splits past twice as many. */
  chunkEntries?: number;
  /**
   * One writer of a journal's index at a time across replicas (the worklog's Redis `IndexLock` has
   * this shape). Without it writes are kept apart only within this process, and two replicas
   * writing articles of one chunk at the same moment can lose one of the two changes until the
   * next rebuild.
   */
  lock?: { run<T>(journalId: string, fn: () => Promise<T>): Promise<T> };
  /**
   * The journal's last index writer, named under `lock` (SearchWritersRepo): a save of the writer
   * named last skips reading the head it left. Only with a lock shared by every writer.
   */
  marks?: SearchWriterMarks;
  /**
   * Called (and awaited) before a journal is read: the change feed starts following the journal
   * then, so every change persisted after the read reaches this replica (`refresh`).
   */
  follow?: (journalId: string) => Promise<void>;
}

/** Chunks read at once while loading a journal. */
const LOAD_PARALLEL = 8;

/**
 * docs/architecture.md#search: the public and the admin search of every journal, behind this one
 * interface. Each journal's index is persisted (search.repo.ts) and read on demand into a
 * memory-budgeted LRU; nothing is loaded at start. The replica an admin write goes to persists the
 * change (`apply` with `persist`: one chunk, and the head when the chunk splits); the others only
 * patch the journal if they hold it.
 */
export class SearchStore {
  private readonly held: LRUCache<string, JournalSearch>;
  private readonly loading = new Map<string, { promise: Promise<JournalSearch>; changes: Map<string, SearchEntry | null> }>();
  /** Changes made while a rebuild reads its entries: laid over them before it writes. */
  private readonly rebuilding = new Map<string, Set<Map<string, SearchEntry | null>>>();
  /** Bumped by evict: a load begun before it is answered from but not kept. */
  private readonly epochs = new Map<string, number>();
  /** Persisting writes of one journal, one after another (a chunk is read, changed and written). */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly minIndexed: number;
  private readonly writer: SearchWriter;

  constructor(private readonly opts: SearchStoreOptions) {
    this.minIndexed = opts.minIndexed ?? 2000;
    this.writer = new SearchWriter(opts.repo, opts.logger, opts.chunkEntries ?? CHUNK_ENTRIES, opts.lock ? opts.marks : undefined);
    this.held = new LRUCache<string, JournalSearch>({
      maxSize: Math.max(1, opts.budgetBytes),
      sizeCalculation: (j) => Math.max(1, j.bytes),
      dispose: (j) => j.drop(),
    });
  }

  /** Journals held and their estimated bytes (metrics, bench). */
  get heldJournals(): number {
    return this.held.size;
  }

  get heldBytes(): number {
    return this.held.calculatedSize;
  }

  /** Whether the journal is held with its trigram index built (bench). */
  indexed(journalId: string): boolean {
    return this.held.peek(journalId)?.indexed === true;
  }

  /** Whether the journal has a readable persisted index (head): the seeds build the journals that have none. */
  async persisted(journalId: string): Promise<boolean> {
    try {
      return (await this.opts.repo.head(journalId)) !== null;
    } catch (err) {
      if (err instanceof BadSearchDocError) return false;
      throw err;
    }
  }

  /** Whether the journal is in memory now (tests). */
  holds(journalId: string): boolean {
    return this.held.has(journalId);
  }

  /**
   * docs/product.md#search: the public articles whose title, authors, keywords or abstract contain
   * the keyword (normalised; case-insensitive), newest issue first then page order, at most `max`.
   */
  async search(journalId: string, keyword: unknown, max = SEARCH_MAX_RESULTS): Promise<SearchSummary[]> {
    const k = normaliseKeyword(keyword);
    if (!k || max <= 0) return [];
    return (await this.journal(journalId)).search(k, max);
  }

  /** docs/product.md#admin-area: every article, any status, by exact reference number or a substring of its admin text. */
  async adminSearch(journalId: string, q: string, limit: number): Promise<AdminSearchHit[]> {
    if (!q || limit <= 0) return [];
    return (await this.journal(journalId)).adminSearch(q, limit);
  }

  /**
   * An article was created, changed (`entry`) or removed (null). Memory is patched at once where the
   * journal is held (or being loaded); with `persist` (the replica that made the write) the one chunk
   * holding the article is written too.
   */
  apply(journalId: string, id: string, entry: SearchEntry | null, opts: { persist: boolean }): Promise<void> {
    return this.applyAll(journalId, new Map([[id, entry]]), opts);
  }

  /** `apply` of several articles of one journal: each chunk they fall in is read and written once. */
  async applyAll(journalId: string, changes: ReadonlyMap<string, SearchEntry | null>, opts: { persist: boolean }): Promise<void> {
    for (const [id, entry] of changes) if (entry && entry.hit.id !== id) throw new Error(`search entry ${entry.hit.id} applied as ${id}`);
    const held = this.held.peek(journalId);
    const loading = this.loading.get(journalId);
    for (const [id, entry] of changes) {
      held?.set(id, entry);
      loading?.changes.set(id, entry);
    }
    if (held) this.resized(journalId, held);
    if (!opts.persist || !changes.size) return;
    for (const during of this.rebuilding.get(journalId) ?? []) for (const [id, entry] of changes) during.set(id, entry);
    try {
      await this.serially(journalId, () => this.writer.persist(journalId, changes));
    } catch (err) {
      // The write itself is stored: an index that missed it is dropped, and built from the articles on its next search.
      this.opts.logger.error({ journalId, err }, 'search index change not written: the index is dropped and built again on its next search');
      await this.writer.removeHead(journalId).catch(() => undefined);
      this.evict(journalId);
    }
  }

  /**
   * Another replica changed these articles and persisted them (its change announced on the feed):
   * where this replica holds the journal, or is loading it, their entries are read from the chunks
   * holding them. When that cannot be done (no index, a bad or moved chunk, the database away) the
   * journal is dropped here and loaded whole on its next search.
   */
  async refresh(journalId: string, ids: readonly string[]): Promise<void> {
    if (!ids.length || !(this.held.has(journalId) || this.loading.has(journalId))) return;
    const { repo, logger } = this.opts;
    try {
      const head = await repo.head(journalId);
      if (!head) throw new BadSearchDocError(journalId, 'no head');
      const byChunk = new Map<[number, number], string[]>();
      for (const id of new Set(ids)) {
        const at = chunkOf(id, head.chunks);
        if (!at) throw new BadSearchDocError(journalId, `no chunk takes article ${id}`);
        let list = byChunk.get(at);
        if (!list) byChunk.set(at, (list = []));
        list.push(id);
      }
      const changes = new Map<string, SearchEntry | null>();
      for (const [[d, p], list] of byChunk) {
        const stored = new Map((await repo.chunk(journalId, head.g, d, p)).map((e) => [e.hit.id, e]));
        for (const id of list) changes.set(id, stored.get(id) ?? null);
      }
      await this.applyAll(journalId, changes, { persist: false });
    } catch (err) {
      logger.info({ journalId, reason: err instanceof Error ? err.message : String(err) }, 'search index changed elsewhere and not read here: the journal is loaded again on its next search');
      this.evict(journalId);
    }
  }

  /** The journal's next persisting write made ready ahead (SearchWriter.readAhead); never throws. */
  readAhead(journalId: string): Promise<void> {
    return this.writer.readAhead(journalId);
  }

  /**
   * Writes the journal's index anew from `entries` (the views rebuild job; a journal whose index is
   * missing or bad, on read). A new generation of chunks, then the head, then the old chunks go:
   * an interrupted rebuild leaves the last index whole, and the next one removes its leftovers.
   */
  async rebuild(journalId: string, entries: SearchEntries): Promise<{ entries: number; chunks: number }> {
    return (await this.rebuildFrom(journalId, entries)).written;
  }

  /**
   * `onRead`: the rebuild of a journal found without a usable index by a search. A failure to write
   * it is then logged and the search answered from what was read, not failed.
   */
  private async rebuildFrom(
    journalId: string,
    entries: SearchEntries,
    onRead = false,
  ): Promise<{ written: { entries: number; chunks: number }; byId: Map<string, SearchEntry> }> {
    const during = new Map<string, SearchEntry | null>();
    let all = this.rebuilding.get(journalId);
    if (!all) this.rebuilding.set(journalId, (all = new Set()));
    all.add(during);
    try {
      const byId = new Map<string, SearchEntry>();
      for await (const e of entries) byId.set(e.hit.id, e);
      const write = async () => {
        // Writes made while the entries were read are newer than what was read.
        for (const [id, e] of during) {
          if (e) byId.set(id, e);
          else byId.delete(id);
        }
        const written = await this.writer.writeAll(journalId, byId);
        // A journal held here is replaced; a load begun before is not kept.
        this.bump(journalId);
        if (this.held.has(journalId)) this.hold(JournalSearch.now(journalId, byId.values(), this.options(journalId)));
        return { written, byId };
      };
      if (!onRead) return await this.serially(journalId, write);
      try {
        return await this.serially(journalId, write);
      } catch (err) {
        this.opts.logger.error({ journalId, err }, 'search index could not be written: answered from the articles read, written on a later read');
        return { written: { entries: 0, chunks: 0 }, byId };
      }
    } finally {
      all.delete(during);
      if (!all.size && this.rebuilding.get(journalId) === all) this.rebuilding.delete(journalId);
    }
  }

  /** Removes the journal's persisted index and drops it here: its next search builds it from the articles. */
  async discard(journalId: string): Promise<void> {
    await this.serially(journalId, () => this.writer.removeHead(journalId));
    this.evict(journalId);
  }

  /** Drops the journal from memory (another replica rebuilt it); the next search loads it again. */
  evict(journalId: string) {
    this.bump(journalId);
    this.held.delete(journalId);
  }

  /** The journal's index in memory, loading it (one load however many ask at once). */
  private journal(journalId: string): Promise<JournalSearch> {
    const held = this.held.get(journalId);
    if (held) return Promise.resolve(held);
    let l = this.loading.get(journalId);
    if (!l) {
      const changes = new Map<string, SearchEntry | null>();
      const promise = this.load(journalId, changes).finally(() => this.loading.delete(journalId));
      l = { promise, changes };
      this.loading.set(journalId, l);
    }
    return l.promise;
  }

  private async load(journalId: string, changes: Map<string, SearchEntry | null>): Promise<JournalSearch> {
    await this.opts.follow?.(journalId);
    let epoch = this.epochs.get(journalId) ?? 0;
    let entries = await this.readOrNull(journalId);
    // A rebuild or a split elsewhere may have replaced a chunk between the head and its read: once more.
    if (entries === 'moved') entries = await this.readOrNull(journalId);
    if (!Array.isArray(entries)) {
      const { byId } = await this.rebuildFrom(journalId, this.opts.source(journalId), true);
      entries = [...byId.values()];
      epoch = this.epochs.get(journalId) ?? 0;
    }
    // Changes heard while it is built are in `changes` (the load is still under way).
    const j = await JournalSearch.open(journalId, entries, this.options(journalId));
    for (const [id, e] of changes) j.set(id, e);
    if ((this.epochs.get(journalId) ?? 0) === epoch) this.hold(j);
    else j.drop();
    return j;
  }

  /**
   * The persisted entries; null (logged) when the journal has no index or a bad document, 'moved'
   * when a chunk was missing and the head names another set of chunks now.
   */
  private async readOrNull(journalId: string): Promise<SearchEntry[] | null | 'moved'> {
    const { repo, logger } = this.opts;
    let head: SearchHead | null = null;
    try {
      head = await repo.head(journalId);
      if (!head) {
        logger.info({ journalId }, 'search index missing: building it from the articles');
        return null;
      }
      return await this.readChunks(head);
    } catch (err) {
      if (!(err instanceof BadSearchDocError)) throw err;
      if (head && err.missing) {
        const now = await repo.head(journalId).catch(() => null);
        if (now && (now.g !== head.g || JSON.stringify(now.chunks) !== JSON.stringify(head.chunks))) return 'moved';
      }
      logger.warn({ journalId, doc: err.docId, reason: err.message }, 'search index document bad: rebuilding the journal from its articles');
      return null;
    }
  }

  /** Every entry of the chunks the head names, a few chunks read at a time. */
  private async readChunks(head: SearchHead): Promise<SearchEntry[]> {
    const parts: SearchEntry[][] = new Array<SearchEntry[]>(head.chunks.length);
    let next = 0;
    const worker = async () => {
      while (next < head.chunks.length) {
        const k = next++;
        const [d, p] = head.chunks[k]!;
        parts[k] = await this.opts.repo.chunk(head.journalId, head.g, d, p);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOAD_PARALLEL, head.chunks.length) }, worker));
    return parts.flat();
  }

  private options(journalId: string): JournalSearchOptions {
    return { minIndexed: this.minIndexed, onResize: (j) => this.resized(journalId, j) };
  }

  private hold(j: JournalSearch) {
    this.held.set(j.journalId, j);
    if (!this.held.has(j.journalId)) {
      this.opts.logger.warn({ journalId: j.journalId, entries: j.size, bytes: j.bytes, budget: this.opts.budgetBytes }, 'search index larger than the whole budget: answered, not kept');
    }
  }

  /** The held size follows the journal's (the LRU evicts others when it grows). */
  private resized(journalId: string, j: JournalSearch) {
    if (this.held.peek(journalId) === j) this.held.set(journalId, j);
  }

  private bump(journalId: string) {
    this.epochs.set(journalId, (this.epochs.get(journalId) ?? 0) + 1);
  }

  private serially<T>(journalId: string, work: () => Promise<T>): Promise<T> {
    const { lock } = this.opts;
    if (lock) return lock.run(journalId, work);
    const before = this.queues.get(journalId) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(journalId, tail);
    void tail.then(() => {
      if (this.queues.get(journalId) === tail) this.queues.delete(journalId);
    });
    return run;
  }
}
