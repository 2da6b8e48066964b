/**
 * The restore drill of docs/operations.md, against the real database: seed the demo journals,
 * dump the database with the backup code the CronJob runs, restore the dump into a fresh
 * database, start a second content service on it, and every public answer of every journal
 * (settings, editors, indexing, archives, each article, search, sitemap, feeds, robots, and every
 * file the answers link to) is the same: JSON equal as JSON, everything else byte for byte. And the backup's bad days: a target that
 * is unreachable or full fails loudly and keeps nothing, a killed run's leftovers are never
 * `latest`, a restore never merges into a database that has data, retention keeps count and age.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import mongoose from 'mongoose';
import { connectMongo, fnv1a } from '@journal/server-kit';
import { testServers, uniqueName } from '@journal/testing';
import { LATEST, applyRetention, backupDatabase, restoreDatabase, verifyDump } from '../src/backup/db-backup';
import { seedDemoContent } from '../src/seed/demo';
import { startContent, stopContent } from './helpers';

jest.setTimeout(180_000);

const { EJSON } = mongoose.mongo.BSON;
const { mongoUrl } = testServers();
const source = uniqueName('drill_src');
const restored = uniqueName('drill_dst');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
let journals: { id: string; slug: string }[] = [];
let a: Awaited<ReturnType<typeof startContent>> | undefined;
let b: Awaited<ReturnType<typeof startContent>> | undefined;

beforeAll(async () => {
  journals = (await seedDemoContent({ mongoUrl, dbName: source })).journals;
  a = await startContent({ MONGO_DB: source });
});
afterAll(async () => {
  await stopContent(a);
  await stopContent(b);
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; type: string | null; sha: string; body: Buffer };
async function answer(base: string, p: string, journalId: string): Promise<Answer> {
  const r = await fetch(`${base}${p}`, { headers: { 'x-journal-id': journalId } });
  let body = Buffer.from(await r.arrayBuffer());
  // Absolute links carry the origin the reader used: each service has its own port here.
  if (/json|xml|text|html/.test(r.headers.get('content-type') ?? '')) body = Buffer.from(body.toString('utf8').replaceAll(new URL(base).host, 'journal.example'));
  return { status: r.status, type: r.headers.get('content-type'), sha: createHash('sha256').update(body).digest('hex'), body };
}

/** Every string in a JSON answer: refnumbers to ask for, and /assets/ links to fetch. */
function strings(v: unknown, out: Set<string> = new Set(), key = ''): Set<string> {
  if (typeof v === 'string') out.add(`${key}=${v}`);
  else if (Array.isArray(v)) for (const x of v) strings(x, out, key);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) strings(x, out, k);
  return out;
}

/** The public answers of one journal on one service, crawled from the fixed entry points. */
async function publicAnswers(base: string, journalId: string): Promise<Map<string, Answer>> {
  const seen = new Map<string, Answer>();
  const queue = ['/api/settings/', '/api/editors/', '/api/indexing/', '/api/archives/', '/api/search?keyword=the', '/sitemap.xml', '/feed.atom', '/feed.rss', '/robots.txt'];
  while (queue.length && seen.size < 400) {
    const p = queue.shift()!;
    if (seen.has(p)) continue;
    const r = await answer(base, p, journalId);
    seen.set(p, r);
    if (!r.type?.includes('json') || r.status !== 200) continue;
    for (const s of strings(JSON.parse(r.body.toString('utf8')) as unknown)) {
      const [k, v] = [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)];
      if (v.startsWith('/assets/')) queue.push(v);
      if (k === 'refnumber') queue.push(`/api/archives/ref/${encodeURIComponent(v)}`);
      if (k === '_id' && p === '/api/archives/') queue.push(`/api/archives/${v}`);
    }
  }
  return seen;
}

test('dump -> restore into a fresh database -> every journal answers the same', async () => {
  const summary = await backupDatabase(a!.conn, dir, { keep: 3, maxAgeDays: 30 });
  expect(fs.readlinkSync(path.join(dir, LATEST))).toBe(path.basename(summary.file));
  expect(summary.collections.journals).toBe(journals.length);
  expect(Object.values(summary.collections).reduce((n, x) => n + x, 0)).toBeGreaterThan(20);
  expect(await verifyDump(path.join(dir, LATEST))).toEqual(summary.collections);

  const conn = await connectMongo(mongoUrl, restored);
  try {
    expect(await restoreDatabase(conn, path.join(dir, LATEST))).toEqual(Object.fromEntries(Object.entries(summary.collections).filter(([, n]) => n)));
    // A restore never merges into data: the second one is refused.
    await expect(restoreDatabase(conn, summary.file)).rejects.toMatchObject({ status: 409, code: 'database_not_empty' });
  } finally {
    await conn.close();
  }
  b = await startContent({ MONGO_DB: restored });

  expect(journals.length).toBeGreaterThanOrEqual(2);
  for (const j of journals) {
    const before = await publicAnswers(a!.url, j.id);
    const after = await publicAnswers(b.url, j.id);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // The crawl reached articles and their files, not only the entry points.
    expect([...before.keys()].some((p) => p.startsWith('/api/archives/ref/'))).toBe(true);
    expect([...before.keys()].some((p) => p.startsWith('/assets/'))).toBe(true);
    for (const [p, r] of before) {
      const b2 = after.get(p)!;
      // JSON answers are equal as JSON (the order of an object's keys may follow the order a
      // restored document's fields were written in); everything else byte for byte.
      if (r.type?.includes('json')) expect([j.slug, p, r.status, r.type, JSON.parse(r.body.toString())]).toEqual([j.slug, p, b2.status, b2.type, JSON.parse(b2.body.toString())]);
      else expect([j.slug, p, r.status, r.type, r.sha]).toEqual([j.slug, p, b2.status, b2.type, b2.sha]);
    }
    expect([...before.values()].filter((r) => r.status === 200).length).toBeGreaterThan(10);
  }
});

/**
 * A dump as an older release wrote it with 16 key buckets (FerretDB on SQLite): each journal's
 * articles in `articles_<n>` by a hash of the journal, each kind of view in its own
 * `public_views_<kind>[_<n>]` by a hash of the view's id, the search chunks likewise, and the bucket
 * counts stored in the database. Made from a dump of the one layout, the same documents.
 */
function bucketedDump(file: string, out: string) {
  const buckets = 16;
  const spread = (prefix: string, count: number, key: string) => (count === 1 ? prefix : `${prefix}_${fnv1a(key) % count}`);
  const share: Record<string, number> = { a: 1, l: 1 / 4, i: 1 / 8, h: 1 / 64 };
  const nameOf = (c: string, d: Record<string, unknown>): string => {
    const id = String(d._id);
    if (c === 'articles') return spread(c, buckets, String(d.journalId));
    if (c === 'public_views') {
      const kind = /^[^:]*:([a-z])/.exec(id)?.[1] ?? 'x';
      return spread(`${c}_${kind}`, Math.max(1, Math.round(buckets * (share[kind] ?? 1 / 64))), id);
    }
    if (c === 'search_heads') return spread(c, Math.max(1, Math.round(buckets / 64)), id);
    if (c === 'search_chunks') return spread(c, Math.max(1, Math.round(buckets / 4)), id);
    return c;
  };
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
  const headers = new Map<string, string>();
  const docs = new Map<string, string[]>();
  for (const line of lines.slice(1, -1)) {
    if (line.startsWith('{"collection":')) {
      headers.set((JSON.parse(line) as { collection: string }).collection, line);
      continue;
    }
    const { c, d } = EJSON.parse(line, { relaxed: false }) as { c: string; d: Record<string, unknown> };
    const to = nameOf(c, d);
    if (!docs.has(to)) docs.set(to, [headers.get(c)!.replace(`{"collection":${JSON.stringify(c)}`, `{"collection":${JSON.stringify(to)}`)]);
    docs.get(to)!.push(EJSON.stringify({ c: to, d }, { relaxed: false }));
  }
  // The counts the older release stored at its first start.
  const stored: [string, Record<string, unknown>][] = [
    ['content_layout', { _id: 'articles', buckets }],
    ['public_view_state', { _id: 'layout', j: '', r: buckets }],
  ];
  for (const [c, d] of stored) {
    if (!docs.has(c)) docs.set(c, [headers.get(c) ?? JSON.stringify({ collection: c, indexes: [] })]);
    docs.get(c)!.push(EJSON.stringify({ c, d }, { relaxed: false }));
  }
  const counts = Object.fromEntries([...docs].map(([c, l]) => [c, l.length - 1]));
  const text = [lines[0], ...[...docs.values()].flat(), JSON.stringify({ end: true, counts })].join('\n') + '\n';
  fs.writeFileSync(out, zlib.gzipSync(text));
  return Object.keys(counts);
}

test('a dump of the key-bucket layout of older releases (FerretDB on SQLite) restores into the one layout, every answer the same', async () => {
  const moved = uniqueName('drill_one');
  const moveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-move-'));
  let dst: Awaited<ReturnType<typeof startContent>> | undefined;
  try {
    const summary = await backupDatabase(a!.conn, moveDir, { keep: 3, maxAgeDays: 30 });
    const old = path.join(moveDir, 'bucketed.jsonl.gz');
    const names = bucketedDump(summary.file, old);
    expect(names.filter((n) => /^(articles|public_views_[a-z])_\d+$/.test(n)).length).toBeGreaterThan(2);
    const conn = await connectMongo(mongoUrl, moved);
    try {
      await restoreDatabase(conn, old);
      const after = (await conn.db!.listCollections().toArray()).map((c) => c.name);
      expect(after).toEqual(expect.arrayContaining(['articles', 'public_views']));
      expect(after.filter((n) => /^(articles|public_views|search_heads|search_chunks)_/.test(n))).toEqual([]);
      expect(await conn.db!.collection('content_layout').findOne({ _id: 'articles' as never })).toMatchObject({ buckets: 1 });
      expect(await conn.db!.collection('public_view_state').findOne({ _id: 'layout' as never })).toMatchObject({ r: 1 });
    } finally {
      await conn.close();
    }
    dst = await startContent({ MONGO_DB: moved });
    for (const j of journals) {
      const was = await publicAnswers(a!.url, j.id);
      const now = await publicAnswers(dst.url, j.id);
      expect([...now.keys()].sort()).toEqual([...was.keys()].sort());
      for (const [p, r] of was) {
        const r2 = now.get(p)!;
        if (r.type?.includes('json')) expect([j.slug, p, r2.status, JSON.parse(r2.body.toString())]).toEqual([j.slug, p, r.status, JSON.parse(r.body.toString())]);
        else expect([j.slug, p, r2.status, r2.sha]).toEqual([j.slug, p, r.status, r.sha]);
      }
    }
  } finally {
    await stopContent(dst);
    fs.rmSync(moveDir, { recursive: true, force: true });
  }
});

describe('a backup that cannot be written fails loudly and keeps nothing', () => {
  const files = (d: string) => fs.readdirSync(d).sort();

  test('an unreachable target (missing, or not a directory)', async () => {
    await expect(backupDatabase(a!.conn, path.join(dir, 'nowhere'), { keep: 3, maxAgeDays: 30 })).rejects.toMatchObject({ code: 'target_unreachable' });
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'x');
    await expect(backupDatabase(a!.conn, file, { keep: 3, maxAgeDays: 30 })).rejects.toMatchObject({ code: 'target_unreachable' });
    fs.rmSync(file);
  });

  test('a full target: the jp command exits 1 with the reason, latest still names the last good dump, no partial file stays', () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-full-'));
    const jp = path.join(__dirname, '../dist/cli/jp.js');
    const env = { ...process.env, MONGO_URL: mongoUrl, MONGO_DB: source, REDIS_URL: testServers().redisUrl };
    const good = spawnSync(process.execPath, [jp, 'db', 'backup', '--dir', target, '--json'], { env, encoding: 'utf8' });
    expect(good.status).toBe(0);
    const latest = fs.readlinkSync(path.join(target, LATEST));
    // The file size limit (RLIMIT_FSIZE) makes the next dump's writes fail with EFBIG, as a
    // full volume fails them with ENOSPC; the shell ignores SIGXFSZ so the process sees the error.
    const full = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 8; exec "$0" "$@"`, process.execPath, jp, 'db', 'backup', '--dir', target, '--json'], { env, encoding: 'utf8' });
    expect(full.status).toBe(1);
    expect(JSON.parse(full.stderr.trim().split('\n').pop()!)).toMatchObject({ ok: false, error: 'target_full' });
    expect(fs.readlinkSync(path.join(target, LATEST))).toBe(latest);
    expect(files(target)).toEqual([latest, LATEST].sort());
    fs.rmSync(target, { recursive: true, force: true });
  });

  test("a killed run's leftovers are removed by the next run and never become latest", async () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-killed-'));
    fs.writeFileSync(path.join(target, 'backup-20200101T000000Z.ndjson.gz.partial'), 'half');
    const s = await backupDatabase(a!.conn, target, { keep: 3, maxAgeDays: 30 });
    expect(files(target)).toEqual([path.basename(s.file), LATEST].sort());
    fs.rmSync(target, { recursive: true, force: true });
  });
});

test('retention keeps the newest N and removes dumps past the age, never the newest', async () => {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-retention-'));
  const now = new Date('2026-06-30T00:00:00Z');
  const day = 86_400_000;
  for (const d of [1, 2, 3, 4, 40]) {
    const name = `backup-${new Date(now.getTime() - d * day).toISOString().slice(0, 10).replace(/-/g, '')}T000000Z.ndjson.gz`;
    fs.writeFileSync(path.join(target, name), '');
    fs.utimesSync(path.join(target, name), new Date(now.getTime() - d * day), new Date(now.getTime() - d * day));
  }
  const removed = await applyRetention(target, { keep: 3, maxAgeDays: 30 }, now);
  expect(removed.sort()).toEqual(['backup-20260521T000000Z.ndjson.gz', 'backup-20260626T000000Z.ndjson.gz']);
  // Everything too old, yet the newest stays.
  expect(await applyRetention(target, { keep: 3, maxAgeDays: 0 }, new Date(now.getTime() + 365 * day))).toHaveLength(2);
  expect(fs.readdirSync(target)).toEqual(['backup-20260629T000000Z.ndjson.gz']);
  fs.rmSync(target, { recursive: true, force: true });
});
