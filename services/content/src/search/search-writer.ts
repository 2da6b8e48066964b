import { randomBytes } from 'node:crypto';
import type { Logger } from '@journal/server-kit';
import type { SearchEntry } from './search-entry';
import { BadSearchDocError, idHash, inChunk, type SearchHead, type SearchRepo } from './search.repo';

/** Chunks written per round trip while rebuilding. */
const WRITE_BATCH = 16;
const MAX_DEPTH = 20;

/**
 * The writes of a journal's persisted search index (search.repo.ts has the layout): one article's
 * change into its chunk, or the whole journal as a new generation. The caller keeps the writes of
 * one journal one at a time.
 */
export class SearchWriter {
  constructor(
    private readonly repo: SearchRepo,
    private readonly logger: Logger,
    /** Entries a chunk is made for; a chunk splits past twice as many. */
    private readonly chunkEntries: number,
  ) {}

  /**
   * Writes one article's change into its chunk (and splits a full chunk). A journal never built has
   * nothing to change: its first load builds it from the articles, this change included. A bad head
   * or chunk removes the head, so the next load rebuilds the journal.
   */
  async persist(journalId: string, id: string, entry: SearchEntry | null): Promise<void> {
    const { repo, logger } = this;
    let head: SearchHead | null;
    try {
      head = await repo.head(journalId);
      if (!head) return;
      const at = head.chunks.find(([d, p]) => inChunk(id, d, p));
      if (!at) throw new BadSearchDocError(journalId, `no chunk takes article ${id}`);
      const [d, p] = at;
      const entries = (await repo.chunk(journalId, head.g, d, p)).filter((e) => e.hit.id !== id);
      if (entry) entries.push(entry);
      if (entries.length <= this.chunkEntries * 2 || d >= MAX_DEPTH) {
        await repo.writeChunks(journalId, head.g, [{ d, p, entries }]);
        return;
      }
      // Split one bit deeper: both halves written before the head names them, the old chunk after.
      const bit = 1 << d;
      const low = entries.filter((e) => (idHash(e.hit.id) & bit) === 0);
      const high = entries.filter((e) => (idHash(e.hit.id) & bit) !== 0);
      await repo.writeChunks(journalId, head.g, [{ d: d + 1, p, entries: low }, { d: d + 1, p: p | bit, entries: high }]);
      const chunks = head.chunks.filter((c) => c !== at).concat([[d + 1, p], [d + 1, p | bit]]);
      await repo.writeHead({ ...head, chunks });
      await repo.removeChunks(journalId, head.g, [[d, p]]);
    } catch (err) {
      if (!(err instanceof BadSearchDocError)) throw err;
      logger.warn({ journalId, doc: err.docId, reason: err.message }, 'search index document bad: the journal is rebuilt on its next load');
      await repo.removeHead(journalId);
    }
  }

  /** Writes `byId` as a new generation and makes the head name it. */
  async writeAll(journalId: string, byId: Map<string, SearchEntry>): Promise<{ entries: number; chunks: number }> {
    const { repo, logger } = this;
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
    await repo.writeHead({ journalId, g, chunks: layout, pending: null });
    if (old) await repo.removeChunks(journalId, old.g, old.chunks);
    return { entries: byId.size, chunks: layout.length };
  }
}
