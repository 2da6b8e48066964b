import { createHash } from 'node:crypto';
import { mongo, Types, type Connection } from 'mongoose';
import { connectMongo, TOOL_SOCKET_TIMEOUT_MS, createLogger, createRedis, type Redis } from '@journal/server-kit';
import { WORK_STATUSES } from '@journal/contracts';
import { EntryIndex } from './entry-index';
import { EntryPageRepo } from './entry-page.repo';
import { ENTRY_COLLECTION, EntryRepo, type StoredEntry } from './entry.repo';
import { IndexLock } from './index-lock.repo';

export interface SeedWorklogOptions {
  mongoUrl: string;
  dbName: string;
  journals: { id: string; slug: string }[];
  /** The user name shown as the creator of the demo entries. */
  createdby: string;
  /** Given, the seed takes each journal's index lock, so it can run beside live work-log replicas. */
  redisUrl?: string;
  redisPrefix?: string;
  /** Entries per journal; 30 by default. */
  count?: number;
}

const TASKS = [
  'Checked the galley proofs of the new issue',
  'Sent the acceptance letter to the author',
  'Updated the <b>editorial board</b> page',
  'Verified the payment receipt',
  'Uploaded the article PDF',
  'Replied to the reviewer about the <i>revised</i> manuscript',
  'Prepared the certificates for the issue',
  'Fixed the page numbers of the last article',
  'Asked the author for the copyright form',
  'Indexed the new issue with the abstracting partners',
];

/** The same id for the same journal and position on every run, so seeding twice adds nothing. */
const seedId = (journalId: string, i: number) => new Types.ObjectId(createHash('md5').update(`worklog-seed:${journalId}:${i}`).digest('hex').slice(0, 24));

interface EntryDocument {
  _id: Types.ObjectId;
  journalId: Types.ObjectId;
  content: string;
  status: string;
  createdby: string;
  created_at: Date;
}

const toStored = (d: EntryDocument): StoredEntry => ({
  id: d._id.toHexString(),
  journalId: d.journalId.toHexString(),
  content: d.content,
  status: WORK_STATUSES.find((s) => s === d.status)!,
  createdby: d.createdby,
  createdAt: d.created_at,
});

/** The work-log store outside a running service: the entries collection and the journal indexes. */
export class WorklogWriter {
  readonly index: EntryIndex;
  private readonly col;

  constructor(conn: Connection, redis: Redis | undefined, redisPrefix = 'jp:') {
    this.col = conn.db!.collection<EntryDocument>(ENTRY_COLLECTION);
    this.index = new EntryIndex({ pages: new EntryPageRepo(conn), lock: new IndexLock(redis, redisPrefix), logger: createLogger('worklog-seed', 'warn'), cacheBytes: 1 });
  }

  /** Which of these ids are stored, one `_id` lookup each (an `$in` reads the whole collection on FerretDB). */
  async existing(ids: Types.ObjectId[]): Promise<Set<string>> {
    const found = await Promise.all(ids.map((_id) => this.col.findOne({ _id }, { projection: { _id: 1 } })));
    return new Set(found.filter((d) => d !== null).map((d) => d._id.toHexString()));
  }

  /** Stores entries, skipping those already stored (a rerun); returns how many were new. */
  private async insert(docs: EntryDocument[]): Promise<number> {
    if (!docs.length) return 0;
    // A batch whose first and last entries are stored was stored whole by an earlier run (entries go
    // in in order): two lookups instead of a batch of refused duplicates.
    if ((await this.existing([docs[0]!._id, docs.at(-1)!._id])).size === new Set([docs[0]!._id.toHexString(), docs.at(-1)!._id.toHexString()]).size) return 0;
    try {
      return (await this.col.insertMany(docs, { ordered: false })).insertedCount;
    } catch (err) {
      if (err instanceof mongo.MongoBulkWriteError && [err.writeErrors].flat().every((e) => e.code === 11000)) return err.result.insertedCount;
      throw err;
    }
  }

  /** Stores a few entries of one journal and adds each to its index wherever it falls (idempotent). */
  async add(journalId: string, docs: EntryDocument[]): Promise<number> {
    return this.index.locked(journalId, async () => {
      const added = await this.insert(docs);
      for (const d of docs) await this.index.add(toStored(d));
      return added;
    });
  }

  /**
   * Stores entries of one journal, oldest first and newer than any it has, and appends them to its
   * index in whole pages. Those the index already holds (a rerun) are passed over, so an
   * interrupted run resumes.
   */
  async append(journalId: string, docs: EntryDocument[]): Promise<number> {
    return this.index.locked(journalId, async () => {
      const added = await this.insert(docs);
      await this.index.appendNewer(journalId, docs.map(toStored));
      return added;
    });
  }
}

async function withWriter<T>(opts: { mongoUrl: string; dbName: string; redisUrl?: string; redisPrefix?: string }, fn: (w: WorklogWriter) => Promise<T>): Promise<T> {
  const conn = await connectMongo(opts.mongoUrl, opts.dbName, { socketTimeoutMs: TOOL_SOCKET_TIMEOUT_MS });
  const redis = opts.redisUrl ? createRedis(opts.redisUrl) : undefined;
  try {
    if (redis && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    await new EntryRepo(conn).init();
    return await fn(new WorklogWriter(conn, redis, opts.redisPrefix));
  } finally {
    redis?.disconnect();
    await conn.close();
  }
}

/** Demo work-log entries of mixed statuses for each journal; idempotent. Returns how many were added. */
export async function seedDemoWorklog(opts: SeedWorklogOptions): Promise<number> {
  return withWriter(opts, async (w) => {
    let added = 0;
    const n = opts.count ?? 30;
    const now = Date.now();
    for (const j of opts.journals) {
      const ids = Array.from({ length: n }, (_, i) => seedId(j.id, i));
      const have = await w.existing(ids);
      const docs = ids
        .map((id, i) => ({
          _id: id,
          journalId: new Types.ObjectId(j.id),
          content: `${TASKS[i % TASKS.length]} (${j.slug} #${i + 1})`,
          status: WORK_STATUSES[i % WORK_STATUSES.length]!,
          createdby: opts.createdby,
          // Spread over the last days, oldest first, so the list shows a believable history.
          created_at: new Date(now - (n - i) * 3_600_000 * 7),
        }))
        .filter((d) => !have.has(d._id.toHexString()));
      added += await w.add(j.id, docs);
    }
    return added;
  });
}

export interface SeedBulkWorklogOptions {
  mongoUrl: string;
  dbName: string;
  redisUrl?: string;
  redisPrefix?: string;
  /** Entries per journal. */
  journals: { id: string; entries: number }[];
  /** Entries per write (one insert of entries, one of index pages). */
  batch?: number;
  onProgress?: (done: number) => void;
}

const WORDS = ['proof', 'galley', 'payment', 'receipt', 'certificate', 'reviewer', 'manuscript', 'editor', 'index', 'cover', 'abstract',
  'revision', 'copyright', 'invoice', 'deadline', 'upload', 'reference', 'plagiarism', 'author', 'volume', 'issue', 'layout', 'doi', 'email'];
/** A fixed start, so every run writes the same entries (ids, times, texts). */
const BULK_EPOCH = Date.UTC(2020, 0, 1);

/** Entry `i` of a journal in a bulk data set: the same on every run. */
export function bulkEntry(journalId: string, i: number): EntryDocument {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length]!;
  return {
    _id: seedId(journalId, 1_000_000_000 + i),
    journalId: new Types.ObjectId(journalId),
    content: `Task ${i}: ${w(1)} ${w(2)} ${i % 5 === 0 ? `<b>${w(3)}</b>` : w(3)} for issue ${i % 300}`,
    status: WORK_STATUSES[(i * 5) % WORK_STATUSES.length]!,
    createdby: 'seed',
    created_at: new Date(BULK_EPOCH + i * 60_000),
  };
}

/**
 * A large, deterministic work log (the publisher-scale data set): `entries` per journal, written
 * in batches of entries and index pages; a rerun skips what is stored and resumes where it stopped.
 * Returns how many entries it added.
 */
export async function seedBulkWorklog(opts: SeedBulkWorklogOptions): Promise<number> {
  const batch = opts.batch ?? 5_000;
  return withWriter(opts, async (w) => {
    let added = 0;
    let done = 0;
    for (const j of opts.journals) {
      for (let start = 0; start < j.entries; start += batch) {
        const docs: EntryDocument[] = [];
        for (let i = start; i < Math.min(start + batch, j.entries); i++) docs.push(bulkEntry(j.id, i));
        added += await w.append(j.id, docs);
        done += docs.length;
        opts.onProgress?.(done);
      }
    }
    return added;
  });
}
