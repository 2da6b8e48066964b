/**
 * The embedded database: FerretDB 1.24 on SQLite (the local default) against FerretDB 1.24 on
 * PostgreSQL (Debian's postgresql, `scripts/provision.sh postgres`), each started fresh by
 * scripts/provision.sh on ports of this lane, with the same data and the same questions:
 *   seed            the demo journals (scripts/seed.ts), then 10,000 articles, then 100,000 work entries;
 *   content ready   a content process from start to ready (every journal's read model loaded);
 *   work-log        a work-log process from start to ready, and its first list page once ready;
 *   admin search    the admin article search over the 10,000 articles (matched in the read model, the
 *                 matches read from the database by id; before that change it scanned), p50/p95.
 *
 *   npx tsx bench/embedded-db.ts          # EDB_ARTICLES, EDB_ENTRIES, EDB_SEARCHES make it smaller
 *
 * Writes bench/embedded-db.json and bench/embedded-db.md (which `npm run bench` puts into
 * docs/benchmarks.md). Figures only: nothing here passes or fails on a time. Needs a build.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Types } from 'mongoose';
import Redis from 'ioredis';
import { connectMongo, signToken } from '@journal/server-kit';
import { WORK_STATUSES } from '@journal/contracts';
import { ROOT, serverEnv } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';
import { start as startContent } from '../services/content/src/app';
import { contentConfigSchema } from '../services/content/src/config';
import { start as startWorklog } from '../services/worklog/src/app';
import { worklogConfigSchema } from '../services/worklog/src/config';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { IssueRepo } from '../services/content/src/archives/issue.repo';
import { ArticleRepo } from '../services/content/src/archives/article.repo';
import { articleInput } from './content.bench';
import { percentile as pct } from '@journal/testing';
import { getText } from './http-timing';

const ARTICLES = Number(process.env.EDB_ARTICLES ?? 10_000);
const ENTRIES = Number(process.env.EDB_ENTRIES ?? 100_000);
const SEARCHES = Number(process.env.EDB_SEARCHES ?? 60);
const OFFSET = Number(process.env.JP_PORT_OFFSET ?? 0);
const LANE = process.env.JP_LANE ?? 'edb';
const DB = 'journal';
const SECRET = 'embedded-db-bench-secret-long-enough-0123456789';
const DATA = path.join(ROOT, '.data/embedded-db');

type Backend = 'sqlite' | 'postgresql';
interface Figures {
  seed_demo_s: number;
  seed_articles_s: number;
  seed_entries_s: number;
  seed_total_s: number;
  content_ready_ms: number;
  worklog_ready_ms: number;
  worklog_first_list_ms: number;
  admin_search_p50_ms: number;
  admin_search_p95_ms: number;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function provision(cmd: string, backend: Backend) {
  const dir = path.join(DATA, backend);
  const env: NodeJS.ProcessEnv = {
    ...process.env, JP_DATA_DIR: dir, MONGO_URL: '', REDIS_URL: serverEnv().REDIS_URL,
    // Ports of this lane, apart from the shared servers and from `provision.sh postgres`'s defaults.
    JP_MONGO_PORT: String(27030 + OFFSET), JP_PG_PORT: String(5434 + OFFSET), JP_PG_MONGO_PORT: String(27040 + OFFSET),
    // `servers` starts FerretDB on PostgreSQL by default: the SQLite side asks for its own backend.
    JP_FERRETDB_HANDLER: backend,
  };
  execFileSync('bash', [path.join(ROOT, 'scripts/provision.sh'), cmd], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return `mongodb://127.0.0.1:${backend === 'sqlite' ? 27030 + OFFSET : 27040 + OFFSET}/`;
}

const start = (b: Backend) => provision(b === 'sqlite' ? 'servers' : 'postgres', b);
const stop = (b: Backend) => provision(b === 'sqlite' ? 'stop-mongo' : 'stop-postgres', b);

const get = (url: string, headers: Record<string, string> = {}) => getText(undefined, url, headers, 300_000);

async function untilReady(url: string, t0: number) {
  for (;;) {
    if ((await get(`${url}/readyz`).catch(() => ({ status: 0 }))).status === 200) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function seedArticles(mongoUrl: string): Promise<string> {
  const conn = await connectMongo(mongoUrl, DB);
  try {
    const journals = new JournalRepo(conn);
    const issues = new IssueRepo(conn);
    const articles = await ArticleRepo.open(conn);
    await Promise.all([journals.init(), issues.init(), articles.init()]);
    const j = await journals.upsert({
      slug: 'bench-db', hosts: ['bench-db.localhost'], websitename: 'Database bench journal', domain: 'bench-db.localhost', formatted_journal_name: 'Database bench journal',
      websiteemail: 'bench@example.org', whatsup_number: '', year_started: '2020', journal_frequency: 'Monthly', journal_type: 'Online',
      journal_language: 'English', journal_essn: '', issn: '0000-0000', nassScore: '', nassScoreYear: '', impactfactor: '', fee_rupee: '2000',
      fee_dollar: '50', google_review_link: '', home_content: '', flags: {} as never,
    });
    for (let n = 0, issue = 1; n < ARTICLES; issue++) {
      const count = Math.min(300, ARTICLES - n);
      await issues.ensure(j.id, { year: 2024, volume: 5, issue, frequency: 'monthly' });
      await articles.insertMany(j.id, Array.from({ length: count }, (_, k) => articleInput(n + k, issue, k * 5 + 1)));
      n += count;
    }
    return j.id;
  } finally {
    await conn.close();
  }
}

/** Work entries as the work-log bench writes them, into a journal of their own. */
async function seedEntries(mongoUrl: string): Promise<string> {
  const conn = await mongoose.createConnection(mongoUrl, { dbName: DB }).asPromise();
  try {
    const db = conn.db!;
    const jid = new Types.ObjectId();
    await db.collection('journals').insertOne({ _id: jid, slug: 'bench-db-worklog', hosts: ['bench-db-worklog.localhost'], websitename: 'Work-log', flags: {}, createdAt: new Date(), updatedAt: new Date() });
    const words = ['proof', 'galley', 'payment', 'receipt', 'certificate', 'reviewer', 'manuscript', 'editor', 'index', 'cover'];
    const now = Date.now();
    for (let s = 0; s < ENTRIES; s += 5000) {
      const docs = Array.from({ length: Math.min(5000, ENTRIES - s) }, (_, k) => {
        const i = s + k;
        return {
          journalId: jid, content: `Task ${i}: ${words[i % 10]} ${words[(i * 7) % 10]} for issue ${i % 300}`, status: WORK_STATUSES[(i * 5) % WORK_STATUSES.length],
          createdby: 'bench', created_at: new Date(now - (ENTRIES - i) * 60_000),
        };
      });
      await db.collection('work_entries').insertMany(docs, { ordered: false });
    }
    return jid.toString();
  } finally {
    await conn.close();
  }
}

async function measure(backend: Backend): Promise<Figures> {
  try {
    stop(backend);
  } catch {
    /* nothing running */
  }
  rmSync(path.join(DATA, backend), { recursive: true, force: true });
  const mongoUrl = start(backend);
  const prefix = `edb-${LANE}-${backend}:`;
  const redisUrl = serverEnv().REDIS_URL;
  try {
    let t = performance.now();
    await seedDemo({ mongoUrl, dbName: DB });
    const demoS = (performance.now() - t) / 1000;
    t = performance.now();
    const articlesJid = await seedArticles(mongoUrl);
    const articlesS = (performance.now() - t) / 1000;
    t = performance.now();
    const worklogJid = await seedEntries(mongoUrl);
    const entriesS = (performance.now() - t) / 1000;
    console.log(`${backend}: seeded demo ${round(demoS)} s, ${ARTICLES} articles ${round(articlesS)} s, ${ENTRIES} work entries ${round(entriesS)} s`);

    const common = { MONGO_URL: mongoUrl, MONGO_DB: DB, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: SECRET, PORT: 0, LOG_LEVEL: 'silent', AUTH_CHECK_STORED_USER: 'off' };
    t = performance.now();
    const content = await startContent(contentConfigSchema.parse({ ...common, WAIT_READY: 'false' }));
    const contentReadyMs = await untilReady(content.url, t);
    console.log(`${backend}: content ready after ${round(contentReadyMs, 0)} ms; ${SEARCHES} admin searches`);
    const search: number[] = [];
    try {
      const { token } = signToken(SECRET, { id: '0'.repeat(24), name: 'bench', journalId: articlesJid });
      const headers = { 'x-journal-id': articlesJid, authorization: `Bearer ${token}` };
      // Words of titles, author surnames and a miss: each search different, so nothing answers from a cache.
      const terms = Array.from({ length: SEARCHES }, (_, i) => (i % 5 === 4 ? `nothing${i}` : i % 5 === 3 ? ['Sharma', 'Verma', 'Gupta'][i % 3]! : `Study ${i * 37}`));
      for (const q of terms) {
        const t1 = performance.now();
        const r = await get(`${content.url}/api/admin/search?q=${encodeURIComponent(q)}`, headers);
        search.push(performance.now() - t1);
        if (search.length % 10 === 0) console.log(`${backend}: ${search.length}/${SEARCHES} searches, last ${round(search[search.length - 1]!, 0)} ms`);
        if (r.status !== 200) throw new Error(`admin search answered ${r.status}: ${r.body.slice(0, 200)}`);
      }
    } finally {
      await content.stop();
    }
    search.sort((a, b) => a - b);

    t = performance.now();
    const worklog = await startWorklog(worklogConfigSchema.parse({ ...common }));
    let worklogReadyMs: number, firstMs: number;
    try {
      worklogReadyMs = await untilReady(worklog.url, t);
      const { token } = signToken(SECRET, { id: '0'.repeat(24), name: 'bench', journalId: worklogJid });
      const t1 = performance.now();
      const r = await get(`${worklog.url}/api/webdata?page=1`, { 'x-journal-id': worklogJid, authorization: `Bearer ${token}` });
      firstMs = performance.now() - t1;
      if (r.status !== 200) throw new Error(`work-log list answered ${r.status}: ${r.body.slice(0, 200)}`);
    } finally {
      await worklog.stop();
    }
    const f: Figures = {
      seed_demo_s: round(demoS), seed_articles_s: round(articlesS), seed_entries_s: round(entriesS), seed_total_s: round(demoS + articlesS + entriesS),
      content_ready_ms: round(contentReadyMs, 0), worklog_ready_ms: round(worklogReadyMs, 0), worklog_first_list_ms: round(firstMs),
      admin_search_p50_ms: round(pct(search, 50)), admin_search_p95_ms: round(pct(search, 95)),
    };
    console.log(backend, f);
    return f;
  } finally {
    stop(backend);
    rmSync(path.join(DATA, backend), { recursive: true, force: true });
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}

const LABELS: [keyof Figures, string, string][] = [
  ['seed_demo_s', 'seed: the demo journals (PDFs in GridFS, users, work-log)', 's'],
  ['seed_articles_s', `seed: ${ARTICLES.toLocaleString('en')} articles`, 's'],
  ['seed_entries_s', `seed: ${ENTRIES.toLocaleString('en')} work entries`, 's'],
  ['seed_total_s', 'seed, all of it', 's'],
  ['content_ready_ms', 'content process: start to ready (cold corpus load)', 'ms'],
  ['worklog_ready_ms', 'work-log process: start to ready', 'ms'],
  ['worklog_first_list_ms', 'work-log: first list page once ready', 'ms'],
  ['admin_search_p50_ms', `admin article search over ${ARTICLES.toLocaleString('en')} articles, p50`, 'ms'],
  ['admin_search_p95_ms', 'admin article search, p95', 'ms'],
];

function writeMarkdown(r: Record<Backend, Figures>, date: string, load: string) {
  const ratio = (k: keyof Figures) => r.sqlite[k] / Math.max(0.001, r.postgresql[k]);
  const wins = LABELS.filter(([k]) => ratio(k) >= 1.5).map(([k]) => k);
  const losses = LABELS.filter(([k]) => ratio(k) < 1 / 1.2).map(([k]) => k);
  const lines = [
    '### The embedded database: FerretDB on PostgreSQL against SQLite',
    '',
    `\`npx tsx bench/embedded-db.ts\` (${date.slice(0, 16)}Z): FerretDB 1.24 with its SQLite backend and with its PostgreSQL backend`,
    "(Debian's postgresql, a cluster of its own started by `scripts/provision.sh postgres`), each fresh, same data,",
    `same questions, one after the other on the same machine, shared with other work (load average ${load}); one run`,
    'each, so differences under about 1.5× are within its noise. Below 1× PostgreSQL is slower.',
    '',
    '| figure | SQLite | PostgreSQL | SQLite ÷ PostgreSQL |',
    '|---|---|---|---|',
    ...LABELS.map(([k, label, unit]) => `| ${label} | ${r.sqlite[k]} ${unit} | ${r.postgresql[k]} ${unit} | ${ratio(k).toFixed(2)}× |`),
    '',
    wins.length === LABELS.length
      ? 'PostgreSQL wins every figure by 1.5× or more.'
      : `PostgreSQL is 1.5× or more faster on ${wins.length ? wins.map((k) => `\`${k}\``).join(', ') : 'none of them'}` +
        `${losses.length ? `, and slower on ${losses.map((k) => `\`${k}\``).join(', ')}` : ''}.`,
    '',
    'The admin article search takes seconds on either backend: it asks the database for a case-insensitive match of',
    'six fields, which FerretDB 1.24 cannot hand to SQLite or PostgreSQL, so it reads and filters every article of the',
    'journal itself. Searching the content service\'s read model (or a text index) would take it to milliseconds.',
    '',
    'The local default stays SQLite: the switch was to be made only on a clear win on these figures, and PostgreSQL would',
    'also add a second server to every set-up and CI run (a cluster to create with initdb, a server that refuses to run as',
    'root, a port and a database for FerretDB), where SQLite is a directory FerretDB opens itself. `scripts/provision.sh',
    'postgres` starts the PostgreSQL pair for whoever wants to run on it (MONGO_URL from .data/postgres.env).',
  ];
  writeFileSync(path.join(__dirname, 'embedded-db.md'), lines.join('\n') + '\n');
}

async function main() {
  if (process.argv[2] === '--md') {
    // Rewrites bench/embedded-db.md from the last bench/embedded-db.json.
    const j = JSON.parse(readFileSync(path.join(__dirname, 'embedded-db.json'), 'utf8')) as Record<Backend, Figures> & { date: string; load: string };
    writeMarkdown(j, j.date, j.load ?? 'unknown');
    return;
  }
  const load = os.loadavg().map((x) => x.toFixed(0)).join('/');
  const results = { sqlite: await measure('sqlite'), postgresql: await measure('postgresql') } as Record<Backend, Figures>;
  const date = new Date().toISOString();
  const loadAfter = os.loadavg().map((x) => x.toFixed(0)).join('/');
  const span = `${load} at the start, ${loadAfter} at the end (1/5/15 min)`;
  writeFileSync(path.join(__dirname, 'embedded-db.json'), JSON.stringify({ date, load: span, articles: ARTICLES, entries: ENTRIES, searches: SEARCHES, ...results }, null, 2) + '\n');
  writeMarkdown(results, date, span);
  console.log(JSON.stringify(results, null, 2));
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
