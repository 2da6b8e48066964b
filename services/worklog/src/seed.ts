import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { connectMongo, createRedis, publishChange } from '@journal/server-kit';
import { WORK_STATUSES } from '@journal/contracts';
import { ENTRY_COLLECTION, EntryRepo } from './entry.repo';

export interface SeedWorklogOptions {
  mongoUrl: string;
  dbName: string;
  journals: { id: string; slug: string }[];
  /** The user name shown as the creator of the demo entries. */
  createdby: string;
  /** Given, running worklog services are told to reload (they keep an index in memory). */
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

/** Demo work-log entries of mixed statuses for each journal; idempotent. Returns how many were added. */
export async function seedDemoWorklog(opts: SeedWorklogOptions): Promise<number> {
  const conn = await connectMongo(opts.mongoUrl, opts.dbName);
  const redis = opts.redisUrl ? createRedis(opts.redisUrl) : undefined;
  let added = 0;
  try {
    await new EntryRepo(conn).init();
    const col = conn.db!.collection(ENTRY_COLLECTION);
    const n = opts.count ?? 30;
    const now = Date.now();
    for (const j of opts.journals) {
      const ids = Array.from({ length: n }, (_, i) => seedId(j.id, i));
      const existing = new Set((await col.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map((d) => String(d._id)));
      const docs = ids
        .map((id, i) => ({
          _id: id,
          journalId: new Types.ObjectId(j.id),
          content: `${TASKS[i % TASKS.length]} (${j.slug} #${i + 1})`,
          status: WORK_STATUSES[i % WORK_STATUSES.length],
          createdby: opts.createdby,
          // Spread over the last days, oldest first, so the list shows a believable history.
          created_at: new Date(now - (n - i) * 3_600_000 * 7),
        }))
        .filter((d) => !existing.has(String(d._id)));
      if (docs.length) {
        await col.insertMany(docs, { ordered: false });
        added += docs.length;
        // Every running work-log replica reloads the journal.
        if (redis) await publishChange(redis, { prefix: opts.redisPrefix ?? 'jp:', name: 'worklog' }, j.id, [{ t: 'all' }]);
      }
    }
  } finally {
    redis?.disconnect();
    await conn.close();
  }
  return added;
}
