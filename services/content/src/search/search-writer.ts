import { randomBytes, randomUUID } from 'node:crypto';
import { LRUCache, type Logger } from '@journal/server-kit';
import type { SearchEntry } from './search-entry';
import { BadSearchDocError, chunkOf, idHash, type SearchHead, type SearchRepo } from './search.repo';

/** Chunks written per round trip while rebuilding. */
const WRITE_BATCH = 16;
const MAX_DEPTH = 20;

/** Journals whose last head a writer keeps (SearchWriter.lastHeads), the least recently written forgotten first. */
const KNOWN_HEADS = 256;

/** Where a journal's last index writer is named (SearchWritersRepo, under the journal's lock). */
export interface SearchWriterMarks {
  claim(journalId: string, writer: string): Promise<string | null>;
}

const sameChunks = (a: readonly [number, number][], b: readonly [number, number][]) => a.length === b.length && a.every(([d, p], i) => d === b[i]![0] && p === b[i]![1]);

/**
 * The writes of a journal's persisted search index (search.repo.ts has the layout): one article's
 * change into its chunk, or the whole journal as a new generation. The caller keeps the writes of
 * one journal one at a time.
 */
export class SearchWriter {
  /** Each journal's head as this writer last read or wrote it (see persist). */
  private readonly lastHeads = new LRUCache<string, SearchHead>({ max: KNOWN_HEADS });

  /**
   * Heads in lastHeads as this writer left them stored (read or written by its last write under the
   * lock): one is used without a read while the marks still name this writer last.
   */
  private readonly kept = new WeakSet<SearchHead>();
  /** This writer's name in the marks: a restarted process is another writer. */
  private readonly me = randomUUID();

  constructor(
    private readonly repo: SearchRepo,
    private readonly logger: Logger,
    /** Entries a chunk is made for; a chunk splits past twice as many. */
    private readonly chunkEntries: number,
    /** Without them every save reads the head. */
    private readonly marks?: SearchWriterMarks,
  ) {}

  /**
   * Names this writer the journal's last one and answers whether it was already (nobody else wrote
   * the index under the lock since its last write). Without marks, or Redis away: not known (false),
   * and nothing is kept from this write.
   */
  private async claim(journalId: string): Promise<{ last: boolean; named: boolean }> {
    if (!this.marks) return { last: false, named: false };
    try {
      return { last: (await this.marks.claim(journalId, this.me)) === this.me, named: true };
    } catch {
      return { last: false, named: false };
    }
  }

  /** The index is gone or about to be (a bad document, a discard): others read the head again too. */
  async removeHead(journalId: string): Promise<void> {
    this.lastHeads.delete(journalId);
    await this.claim(journalId);
    await this.repo.removeHead(journalId);
  }

  /**
   * Writes articles' changes (an entry, or null: removed) into the chunks holding them, each chunk
   * read and written once, and splits a chunk grown past twice its size. A journal never built has
   * nothing to change: its first load builds it from the articles, these changes included. A bad
   * head or chunk removes the head, so the next load rebuilds the journal.
   *
   * Runs under the journal's lock. The head (1,024 chunk names on a 100,000-article journal, read
   * whole by FerretDB) is not read when this writer left it stored by its last write and the marks
   * name it last: no other writer, rebuild or discard has been under the lock since. Any doubt (no
   * marks, Redis away, another writer named, a restart, a failed write) reads it.
   */
  async persist(journalId: string, changes: ReadonlyMap<string, SearchEntry | null>): Promise<void> {
    const { repo, logger } = this;
    const ahead = this.aheads.get(journalId);
    if (ahead) await ahead;
    // The chunks the head this writer last saw names for these ids are read beside the head (a
    // save mostly finds it as it was), not one round trip after it; used only if it still is.
    const last = this.lastHeads.get(journalId);
    const early = new Map<string, Promise<SearchEntry[] | null>>();
    for (const id of last && changes.size ? changes.keys() : []) {
      const at = chunkOf(id, last!.chunks);
      if (at && !early.has(`${at[0]}:${at[1]}`)) early.set(`${at[0]}:${at[1]}`, repo.chunk(journalId, last!.g, at[0], at[1]).catch(() => null));
    }
    this.lastHeads.delete(journalId);
    const held = !!last && this.kept.has(last);
    const claimed = this.claim(journalId);
    // A head not held is read beside the claim; a held one only if the claim finds another writer.
    const read = held ? undefined : repo.head(journalId);
    read?.catch(() => undefined);
    try {
      const { last: mine, named } = await claimed;
      const head = held && mine ? last : await (read ?? repo.head(journalId));
      if (!head || !changes.size) {
        if (head && named) this.keep(journalId, head);
        return;
      }
      const same = !!last && last.g === head.g && sameChunks(last.chunks, head.chunks);
      const byChunk = new Map<[number, number], string[]>();
      for (const id of changes.keys()) {
        const at = chunkOf(id, head.chunks);
        if (!at) throw new BadSearchDocError(journalId, `no chunk takes article ${id}`);
        let ids = byChunk.get(at);
        if (!ids) byChunk.set(at, (ids = []));
        ids.push(id);
      }
      const split: [number, number][] = [];
      let chunks = head.chunks;
      for (const [at, ids] of byChunk) {
        const [d, p] = at;
        const gone = new Set(ids);
        const read = (same && (await early.get(`${d}:${p}`))) || (await repo.chunk(journalId, head.g, d, p));
        const entries = read.filter((e) => !gone.has(e.hit.id));
        for (const id of ids) {
          const e = changes.get(id);
          if (e) entries.push(e);
        }
        const parts = this.split(d, p, entries);
        await repo.writeChunks(journalId, head.g, parts, { save: true });
        if (parts.length > 1) {
          split.push(at);
          chunks = chunks.filter((c) => c !== at).concat(parts.map((c): [number, number] => [c.d, c.p]));
        }
      }
      if (!split.length) {
        if (named) this.keep(journalId, head);
        else this.lastHeads.set(journalId, head);
        return;
      }
      // The halves are written before the head names them; the old chunks go after.
      await repo.writeHead({ ...head, chunks });
      await repo.removeChunks(journalId, head.g, split);
      if (named) this.keep(journalId, { ...head, chunks });
      else this.lastHeads.set(journalId, { ...head, chunks });
    } catch (err) {
      if (!(err instanceof BadSearchDocError)) throw err;
      logger.warn({ journalId, doc: err.docId, reason: err.message }, 'search index document bad: the journal is rebuilt on its next load');
      await repo.removeHead(journalId);
    }
  }

  /** The head as this writer's write under the lock left it stored: its next save may skip reading it. */
  private keep(journalId: string, head: SearchHead) {
    this.kept.add(head);
    this.lastHeads.set(journalId, head);
  }

  /** Journals whose head is being read ahead of a save (readAhead): one read each at a time. */
  private readonly aheads = new Map<string, Promise<void>>();

  /**
   * The journal's head read ahead of its next save (an editor opened an article's form), so that
   * save reads its chunk beside the head (persist) rather than one round trip after it. Used only
   * while it is still the head stored; never throws.
   */
  readAhead(journalId: string): Promise<void> {
    if (this.lastHeads.has(journalId)) return Promise.resolve();
    let p = this.aheads.get(journalId);
    if (p) return p;
    p = this.repo
      .head(journalId)
      .then((head) => {
        if (head && !this.lastHeads.has(journalId)) this.lastHeads.set(journalId, head);
      })
      .catch(() => undefined)
      .finally(() => this.aheads.delete(journalId));
    this.aheads.set(journalId, p);
    return p;
  }

  /** A chunk's entries as they are stored: itself, or split one bit deeper while a part is past twice its size. */
  private split(d: number, p: number, entries: SearchEntry[]): { d: number; p: number; entries: SearchEntry[] }[] {
    if (entries.length <= this.chunkEntries * 2 || d >= MAX_DEPTH) return [{ d, p, entries }];
    const bit = 1 << d;
    const low = entries.filter((e) => (idHash(e.hit.id) & bit) === 0);
    const high = entries.filter((e) => (idHash(e.hit.id) & bit) !== 0);
    return [...this.split(d + 1, p, low), ...this.split(d + 1, p | bit, high)];
  }

  /** Writes `byId` as a new generation and makes the head name it. */
  async writeAll(journalId: string, byId: Map<string, SearchEntry>): Promise<{ entries: number; chunks: number }> {
    const { repo, logger } = this;
    this.lastHeads.delete(journalId);
    const { named } = await this.claim(journalId);
    let old: SearchHead | null = null;
    try {
      old = await repo.head(journalId);
    } catch (err) {
      if (!(err instanceof BadSearchDocError)) throw err;
      logger.warn({ journalId, reason: err.message }, 'search index head bad: replaced by the rebuild');
    }
    let depth = 0;
    while (depth < MAX_DEPTH && byId.size > this.chunkEntries << depth) depth++;
    const layout: [number, number][] = Array.from({ length: 1 << depth }, (_, p) => [depth, p]);
    const g = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    if (old) {
      // A rebuild interrupted before this one left chunks nobody names: they go first.
      if (old.pending) await repo.removeChunks(journalId, old.pending.g, old.pending.chunks);
      await repo.writeHead({ ...old, pending: { g, chunks: layout } });
    }
    const groups = layout.map(() => [] as SearchEntry[]);
    const mask = (1 << depth) - 1;
    for (const e of byId.values()) groups[depth ? idHash(e.hit.id) & mask : 0]!.push(e);
    for (let from = 0; from < layout.length; from += WRITE_BATCH) {
      await repo.writeChunks(journalId, g, layout.slice(from, from + WRITE_BATCH).map(([d, p]) => ({ d, p, entries: groups[p]! })));
    }
    const head: SearchHead = { journalId, g, chunks: layout, pending: null };
    await repo.writeHead(head);
    if (old) await repo.removeChunks(journalId, old.g, old.chunks);
    if (named) this.keep(journalId, head);
    return { entries: byId.size, chunks: layout.length };
  }
}
