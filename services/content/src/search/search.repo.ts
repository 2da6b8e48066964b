import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import { mongo, type Connection } from 'mongoose';
import { z } from 'zod';
import { fnv1a, LRUCache } from '@journal/server-kit';
import type { SearchEntry } from './search-entry';
import { pack, unpack } from './search-packing';

export const HEAD_COLLECTION = 'search_heads';
export const CHUNK_COLLECTION = 'search_chunks';

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);
/**
 * Brotli at quality 6 with a 4 MiB window: half of gzip's bytes on these texts and faster to
 * decompress (bench/publisher-search.bench.ts); the database's read time grows with the bytes.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: 22 } };
/**
 * A save's rewrite of its article's chunk (SearchWriter.persist): quality 4 with a 128 kB window,
 * which holds a whole chunk. Some 2.7 ms of CPU for a chunk of about 100 entries (75 kB of JSON)
 * instead of 8-10 at quality 6, for a fifth more bytes until the journal's next rebuild.
 */
const BROTLI_SAVE = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 17 } };
/** Entries in the chunk the start-up warm-up packs: about what a save's chunk holds. */
const WARM_CHUNK_ENTRIES = 128;

/**
 * A journal's persisted search index: one head naming the chunks, and chunks each holding the
 * entries whose id hashes into it (extendible hashing: a chunk takes the ids whose hash ends in its
 * `d` low bits `p`; a full chunk splits in two one bit deeper). Everything is read and written by
 * `_id` alone, an index lookup on MongoDB and FerretDB on PostgreSQL. A chunk's entries are one
 * brotli of JSON stored as Binary: the database decodes one value, and a 50,000-article
 * journal is a few megabytes to read.
 */
export interface SearchHead {
  journalId: string;
  /** Generation: a rebuild writes a new one, so a half-done rebuild never mixes with the last. */
  g: string;
  /** The chunks as [depth, prefix]. */
  chunks: [number, number][];
  /** A rebuild started and not finished: its chunks are removed by the next one. */
  pending: { g: string; chunks: [number, number][] } | null;
}

const isChunkRef = (x: unknown): x is [number, number] =>
  Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && x[0] >= 0 && x[0] <= 24 && Number.isInteger(x[1]) && x[1] >= 0;
/**
 * The chunk lists are JSON strings: FerretDB stores no nested arrays. Checked by hand: a journal of
 * 100,000 articles names a thousand chunks, which the schema library took some 17 ms to check on a
 * process's first save of the journal.
 */
const chunkJson = z.string().transform((s, ctx) => {
  let list: unknown;
  try {
    list = JSON.parse(s);
  } catch {
    list = null;
  }
  if (Array.isArray(list) && list.every(isChunkRef)) return list as [number, number][];
  ctx.addIssue({ code: 'custom', message: 'chunk list is not JSON of [depth, prefix] pairs' });
  return z.NEVER;
});
const headSchema = z.object({
  _id: z.string(),
  g: z.string().min(1),
  c: chunkJson,
  pending: z.object({ g: z.string().min(1), c: chunkJson }).nullable().optional(),
});
const chunkSchema = z.object({
  _id: z.string(),
  j: z.string(),
  g: z.string(),
  d: z.number().int(),
  p: z.number().int(),
  z: z.instanceof(mongo.Binary),
});

export interface HeadDoc {
  _id: string;
  g: string;
  /** JSON of [depth, prefix][]. */
  c: string;
  pending: { g: string; c: string } | null;
  at: Date;
}
export interface ChunkDoc {
  _id: string;
  j: string;
  g: string;
  d: number;
  p: number;
  n: number;
  z: mongo.Binary;
  at: Date;
}

/** A stored head or chunk that is not what this code writes: the journal's index is rebuilt. */
export class BadSearchDocError extends Error {
  constructor(
    readonly docId: string,
    reason: string,
    /** The document was not there (rather than there and wrong). */
    readonly missing = false,
  ) {
    super(`search index document ${docId}: ${reason}`);
  }
}

/** Journals whose checked chunk list a process keeps (SearchRepo.checkedLists), the least recently read forgotten first. */
const KNOWN_LISTS = 256;

export const chunkId = (journalId: string, g: string, d: number, p: number) => `${journalId}:${g}:${d}:${p}`;

/** Which chunk holds an article id. */
export const idHash = fnv1a;

/** Whether the chunk [d, p] takes this id. */
export const inChunk = (id: string, d: number, p: number) => d === 0 || (idHash(id) & ((1 << d) - 1)) === p;

/**
 * The chunk of `chunks` that takes this id. The id is hashed once, not once per chunk: a journal of
 * 100,000 articles names a thousand chunks, and a process's first save ran the hash a thousand times
 * before its code was optimised (about 1 ms of its CPU).
 */
export function chunkOf<C extends readonly [number, number]>(id: string, chunks: readonly C[]): C | undefined {
  const h = idHash(id);
  return chunks.find(([d, p]) => d === 0 || (h & ((1 << d) - 1)) === p);
}

/** A stored chunk's entries, checked: one malformed, of another journal or place, or holding an entry that does not hash into it throws BadSearchDocError. */
async function chunkEntries(raw: unknown, journalId: string, g: string, d: number, p: number): Promise<SearchEntry[]> {
  const _id = chunkId(journalId, g, d, p);
  const c = chunkSchema.safeParse(raw);
  if (!c.success) throw new BadSearchDocError(_id, c.error.issues[0]?.message ?? 'malformed chunk');
  if (c.data.j !== journalId || c.data.g !== g || c.data.d !== d || c.data.p !== p) throw new BadSearchDocError(_id, 'names another journal or place');
  let rows: unknown;
  try {
    rows = JSON.parse((await decompress(c.data.z.value())).toString('utf8'));
  } catch {
    throw new BadSearchDocError(_id, 'not brotli of JSON');
  }
  if (!Array.isArray(rows)) throw new BadSearchDocError(_id, 'not a list of entries');
  const out: SearchEntry[] = new Array<SearchEntry>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const e = unpack(rows[i]);
    if (!e || !inChunk(e.hit.id, d, p)) throw new BadSearchDocError(_id, `entry ${i} malformed or misplaced`);
    out[i] = e;
  }
  return out;
}

/**
 * A save's read and rewrite of its chunk (SearchWriter.persist) made on a made-up head and chunk
 * holding `entry`, nothing read or written: the checks' parsers are compiled and the code run once
 * at start-up, not by a process's first save (some 20 ms of it). At a large journal's sizes and on
 * objects made as a save makes them: a head naming a thousand chunks (the list's check and the
 * chunk's look-up ran cold in a first save, some 2 ms), and the chunk's entries as unpacked from
 * the stored JSON, packed again with the saved one. Packing only made-up entries left the packer
 * compiled for their shape, and the first save's own entries threw that code away.
 */
export async function warmSearchChecks(entry: SearchEntry): Promise<void> {
  const chunks = Array.from({ length: WARM_HEAD_CHUNKS }, (_, p): [number, number] => [WARM_HEAD_DEPTH, p]);
  const head = headSchema.safeParse({ _id: 'warm-up', g: 'warm-up', c: JSON.stringify(chunks), pending: null });
  if (head.success) chunkOf(entry.hit.id, head.data.c);
  // A chunk of a save's size, packed as a save packs it: the encoder's first run at this window
  // (some 15 ms in a process's first save, its memory taken from the system) is the start's. Its
  // entries' ids hash into it (chunk 0 of depth 1), so reading it back checks each as a save does.
  const ids = Array.from({ length: 2 * WARM_CHUNK_ENTRIES }, (_, i) => `${entry.hit.id}${i}`).filter((id) => inChunk(id, 1, 0));
  const z = await compressed(ids.map((id) => pack({ ...entry, hit: { ...entry.hit, id }, summary: entry.summary && { ...entry.summary, id } })));
  const read = await chunkEntries({ _id: 'warm-up', j: 'warm-up', g: 'warm-up', d: 1, p: 0, z: new mongo.Binary(z) }, 'warm-up', 'warm-up', 1, 0);
  // The save's rewrite: the entries read, the saved article's in place of its old one.
  await compressed([...read.slice(1), entry].map(pack));
}

/** A large journal's head in the warm-up: 1,024 chunks, as at 100,000 articles. */
const WARM_HEAD_DEPTH = 10;
const WARM_HEAD_CHUNKS = 1 << WARM_HEAD_DEPTH;

async function compressed(rows: unknown[]): Promise<Buffer> {
  const json = Buffer.from(JSON.stringify(rows));
  return compress(json, { params: { ...BROTLI_SAVE.params, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
}

export class SearchRepo {
  private readonly heads: mongo.Collection<HeadDoc>;
  readonly chunks: mongo.Collection<ChunkDoc>;
  /**
   * Each journal's chunk list as last read and checked, by its stored JSON: a journal of 100,000
   * articles names a thousand chunks, checked again on every save otherwise.
   */
  private readonly checkedLists = new LRUCache<string, { c: string; chunks: [number, number][] }>({ max: KNOWN_LISTS });

  constructor(conn: Connection) {
    // The journal is in every _id, and no query filters by anything else.
    this.heads = conn.db!.collection<HeadDoc>(HEAD_COLLECTION);
    this.chunks = conn.db!.collection<ChunkDoc>(CHUNK_COLLECTION);
  }

  /** The journal's head; null when it has none (never built). Throws BadSearchDocError for a malformed one. */
  async head(journalId: string): Promise<SearchHead | null> {
    const d = await this.heads.findOne({ _id: journalId });
    if (!d) return null;
    const known = this.checkedLists.get(journalId);
    const listChecked = known !== undefined && typeof d.c === 'string' && d.c === known.c;
    const h = headSchema.safeParse(listChecked ? { ...d, c: '[]' } : d);
    if (!h.success) throw new BadSearchDocError(journalId, h.error.issues[0]?.message ?? 'malformed head');
    const p = h.data.pending;
    // A copy: a caller may change what it is given.
    const chunks = listChecked ? known.chunks.map(([depth, prefix]): [number, number] => [depth, prefix]) : h.data.c;
    if (!listChecked) this.checkedLists.set(journalId, { c: d.c, chunks: h.data.c.map(([depth, prefix]): [number, number] => [depth, prefix]) });
    return { journalId, g: h.data.g, chunks, pending: p ? { g: p.g, chunks: p.c } : null };
  }

  async writeHead(h: SearchHead): Promise<void> {
    const doc = { g: h.g, c: JSON.stringify(h.chunks), pending: h.pending ? { g: h.pending.g, c: JSON.stringify(h.pending.chunks) } : null, at: new Date() };
    await this.heads.replaceOne({ _id: h.journalId }, doc, { upsert: true });
  }

  async removeHead(journalId: string): Promise<void> {
    await this.heads.deleteOne({ _id: journalId });
  }

  /**
   * One chunk's entries. A chunk that is missing, malformed, of another journal, or holding an
   * entry that does not hash into it throws BadSearchDocError.
   */
  async chunk(journalId: string, g: string, d: number, p: number): Promise<SearchEntry[]> {
    const _id = chunkId(journalId, g, d, p);
    const raw = await this.chunks.findOne({ _id });
    if (!raw) throw new BadSearchDocError(_id, 'missing', true);
    return chunkEntries(raw, journalId, g, d, p);
  }

  /**
   * Writes chunks (replacing any of the same id), compressed off the event loop. `save`: a save's
   * rewrite of its article's chunk, compressed faster (BROTLI_SAVE).
   */
  async writeChunks(journalId: string, g: string, chunks: { d: number; p: number; entries: SearchEntry[] }[], opts: { save?: boolean } = {}): Promise<void> {
    if (!chunks.length) return;
    const brotli = opts.save ? BROTLI_SAVE : BROTLI;
    const docs = await Promise.all(
      chunks.map(async ({ d, p, entries }) => {
        const json = Buffer.from(JSON.stringify(entries.map(pack)));
        const z = new mongo.Binary(await compress(json, { params: { ...brotli.params, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }));
        return { _id: chunkId(journalId, g, d, p), j: journalId, g, d, p, n: entries.length, z, at: new Date() };
      }),
    );
    await this.chunks.bulkWrite(
      docs.map(({ _id, ...rest }) => ({ replaceOne: { filter: { _id }, replacement: rest, upsert: true } })),
      { ordered: false },
    );
  }

  async removeChunks(journalId: string, g: string, chunks: [number, number][]): Promise<void> {
    for (const [d, p] of chunks) {
      const _id = chunkId(journalId, g, d, p);
      await this.chunks.deleteOne({ _id });
    }
  }
}
