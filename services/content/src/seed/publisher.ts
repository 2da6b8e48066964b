import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { mongo, type Connection } from 'mongoose';
import { connectMongo, eachLimit, TOOL_SOCKET_TIMEOUT_MS, createLogger, createRedis } from '@journal/server-kit';
import { offlineViews } from '../views-offline';
import { rebuildAllViews, rebuildJournalViews, type JournalDocs } from '../views/views-rebuild';
import { viewId } from '../views/view-docs';
import { JournalRepo } from '../journals/journal.repo';
import { IssueRepo, byIssueDesc, type Issue } from '../archives/issue.repo';
import { ArticleRepo, type Article, type ArticleInput } from '../archives/article.repo';
import { assetPath, assetVersion, FileStore } from '../files/file-store';
import { toPlainList } from '../shared/plain';
import { articlePdf } from './article-pdf';
import { AUTHOR_POOL, COUNTRIES, DEMO_JOURNALS } from './demo-data';

/**
 * The publisher-scale data set: `journals` journals (`pub-0001` … on `pub-0001.localhost` …)
 * sharing `articles` articles evenly, 20 to an issue, four issues a year, and a work log of
 * `worklogEntries` entries: up to 100,000 in the first journal, the rest spread over the others.
 * Deterministic (the same documents on every run) and resumable: each journal's articles are
 * written in batches and recorded as done in `seed_progress` once all are, so a rerun skips finished
 * journals and completes an interrupted one (duplicates are refused by the unique indexes and passed
 * over). Every article has its own small PDF in the file store (article-pdf.ts). A few journals are
 * written at once: one journal's batches wait on the database while another's are made. A journal
 * this run created holds only what it wrote: its views and search index are built from the
 * documents the run holds, as soon as they are written, without reading them back (FerretDB's
 * decoding of every article read was a quarter of the seed's CPU).
 */
export interface PublisherSeedOptions {
  mongoUrl: string;
  dbName: string;
  journals: number;
  articles: number;
  worklogEntries: number;
  redisUrl?: string;
  redisPrefix?: string;
  /** Progress on stderr (a bar when it is a terminal, a line every few seconds when not). */
  progress?: boolean;
  /** Build the journals' public views after their articles (default true; `jp views rebuild` does the same later). */
  views?: boolean;
}

export interface PublisherSeedResult {
  journals: number;
  articles: number;
  articlesAdded: number;
  worklogEntries: number;
  worklogAdded: number;
  ms: number;
}

const PER_ISSUE = 20;
/** Journals written at once, and articles (with their PDFs) per round trip of each. */
const JOURNALS_AT_ONCE = 4;
const ARTICLES_PER_WRITE = 1_000;
const FIRST_YEAR = 1990;
/** Entries in the first journal's work log (the large one), the rest spread evenly. */
export const WORKLOG_BIG_JOURNAL = 100_000;
const WORDS = ['adaptive', 'bayesian', 'cellular', 'dynamics', 'ecology', 'fluid', 'genomic', 'harmonic', 'inference', 'kinetic', 'lattice',
  'membrane', 'neural', 'optical', 'polymer', 'quantum', 'robust', 'soil', 'thermal', 'urban', 'viral', 'wavelet', 'yield', 'zeolite'];

type ProgressDoc = { _id: string; done: boolean };

/** A progress bar on stderr: `[#####-----] 48% 480,000/1,000,000 articles 3,200/s ETA 2m43s`. */
export function progressBar(label: string, total: number, enabled = true) {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let last = 0;
  return (done: number) => {
    if (!enabled) return;
    const now = Date.now();
    if (done < total && now - last < (tty ? 200 : 5000)) return;
    last = now;
    const share = total ? done / total : 1;
    const rate = done / Math.max(0.001, (now - started) / 1000);
    const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
    const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '-');
    const line = `[${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${label} ${Math.round(rate).toLocaleString('en')}/s ETA ${Math.floor(eta / 60)}m${String(eta % 60).padStart(2, '0')}s`;
    process.stderr.write(tty ? `\r${line}${done >= total ? '\n' : ''}` : `${line}\n`);
  };
}

/**
 * A journal found busy is tried again after a pause, for some three minutes: past the views
 * lock's expiry (VIEWS_LOCK, 2 minutes), so a seed stopped half way and run again goes on.
 */
const BUSY_ROUNDS = 12;
const BUSY_PAUSE_MS = 15_000;

/** Articles of journal `j`: the total spread evenly, the first ones one more. */
const articlesOf = (o: Pick<PublisherSeedOptions, 'articles' | 'journals'>, j: number) => Math.floor(o.articles / o.journals) + (j < o.articles % o.journals ? 1 : 0);

const slugOf = (j: number) => `pub-${String(j + 1).padStart(4, '0')}`;

/** Article `n` of journal `j`: the same on every run (the search bench builds its journal from it too). */
export function publisherArticle(j: number, n: number): ArticleInput & { year: number; volume: number; issue: number; refnumber: string; title: string; txnid: string } {
  const issueNo = Math.floor(n / PER_ISSUE);
  const year = FIRST_YEAR + Math.floor(issueNo / 4);
  const issue = (issueNo % 4) + 1;
  const w = (k: number) => WORDS[(n * 7 + j * 3 + k * 11) % WORDS.length]!;
  const refnumber = String(100_000 + n);
  const page = (n % PER_ISSUE) * 10 + 1;
  return {
    year,
    volume: year - FIRST_YEAR + 1,
    issue,
    frequency: ['january-march', 'april-june', 'july-september', 'october-december'][issue - 1]!,
    refnumber,
    title: `${w(1)} ${w(2)} models of ${w(3)} systems, study ${n + 1}`,
    authorname: [0, 1, 2].slice(0, 1 + (n % 3)).map((a) => AUTHOR_POOL[(n * 3 + a) % AUTHOR_POOL.length]!).join(', '),
    abstract: `We study ${w(1)} and ${w(4)} effects in ${w(3)} systems. The ${w(2)} approach is compared with ${w(5)} baselines on ${n % 50} data sets; results hold across ${w(6)} settings.`,
    keywords: `${w(1)}, ${w(3)}, ${w(4)}`,
    pagenumber: `${page}-${page + 9}`,
    subject: w(7),
    country: COUNTRIES[n % COUNTRIES.length]!,
    email: `author${refnumber}@mail.example`,
    mobile: `98${String(70000000 + n)}`,
    txnid: `TXN${slugOf(j).toUpperCase()}${refnumber}`,
    ptype: n % 5 === 0 ? 'free' : 'paid',
    publishdate: `${year}-${String(issue * 3 - 1).padStart(2, '0')}-15`,
    description: `Study ${n + 1}`,
    file: `${refnumber}.pdf`,
    doi: `10.5555/${slugOf(j)}.${refnumber}`,
    status: 'enabled',
    createdby: 'seed',
    modifiedby: 'seed',
  };
}

/** What this seed uses of the worklog service's seed module (services/worklog/src/seed.ts). */
interface WorklogSeed {
  seedBulkWorklog(opts: {
    mongoUrl: string;
    dbName: string;
    redisUrl?: string;
    redisPrefix?: string;
    journals: { id: string; entries: number }[];
    onProgress?: (done: number) => void;
  }): Promise<number>;
}

const onlyDuplicates = (err: unknown) =>
  err instanceof mongo.MongoBulkWriteError && [err.writeErrors].flat().every((e) => e.code === 11000);

/** What a journal's seed wrote: all the journal holds when the run created it (else undefined), and its change counter read before. */
interface Written {
  docs: JournalDocs;
  at: number;
}

async function seedJournalArticles(
  conn: Connection,
  repos: { journals: JournalRepo; articles: ArticleRepo; files: FileStore },
  j: number,
  count: number,
  onArticles: (n: number) => void,
  /** The journal's views change counter (views built from what is written), or undefined (no views). */
  counter?: (journalId: string) => Promise<number>,
): Promise<{ id: string; added: number; written?: Written }> {
  const template = DEMO_JOURNALS[0]!;
  const slug = slugOf(j);
  const { journal, created } = await repos.journals.put({
    slug,
    hosts: [`${slug}.localhost`],
    websitename: `Publisher Journal ${j + 1}`,
    domain: `${slug}.localhost`,
    formatted_journal_name: `Publisher Journal ${j + 1}`,
    websiteemail: `editor@${slug}.example`,
    whatsup_number: template.whatsup_number,
    year_started: String(FIRST_YEAR),
    journal_frequency: 'Quarterly',
    journal_type: 'Online',
    journal_language: 'English',
    journal_essn: `${String(j).padStart(4, '0')}-0000`,
    issn: `${String(j).padStart(4, '0')}-0001`,
    nassScore: template.nassScore,
    nassScoreYear: template.nassScoreYear,
    impactfactor: template.impactfactor,
    fee_rupee: '2000',
    fee_dollar: '50',
    google_review_link: '',
    home_content: `<p>Publisher Journal ${j + 1}.</p>`,
    doi_prefix: '10.5555',
    doi_suffix_pattern: template.doi_suffix_pattern,
    flags: template.flags,
  });
  const progress = conn.db!.collection<ProgressDoc>('seed_progress');
  const key = `publisher:${slug}:${count}`;
  if ((await progress.findOne({ _id: key }))?.done) {
    onArticles(count);
    return { id: journal.id, added: 0 };
  }
  // Read before the first write: an admin write landing after it makes the views build read the journal instead.
  const at = created && counter ? await counter(journal.id) : undefined;
  // What the journal holds, as a read answers it, while every write of it went in whole (a
  // duplicate means another writer got there first: the views then read the journal).
  let held: JournalDocs | undefined = at === undefined ? undefined : { journal, editors: [], indexing: [], issues: [], articles: [], files: new Map() };
  const inputs = Array.from({ length: count }, (_, n) => publisherArticle(j, n));
  const issues = new Map(
    inputs.map((a) => [`${a.year}-${a.issue}`, { _id: new mongo.ObjectId(), journalId: journal.id, year: a.year, volume: a.volume, issue: a.issue, frequency: a.frequency ?? '', creation: new Date(Date.UTC(a.year, a.issue * 3 - 2, 1)) }]),
  );
  let added = 0;
  if (!(await passDuplicates(wrote(conn.db!.collection('issues').insertMany([...issues.values()], { ordered: false }))))) held = undefined;
  held?.issues.push(...toPlainList([...issues.values()]).sort(byIssueDesc) as Issue[]);
  for (let i = 0; i < inputs.length; i += ARTICLES_PER_WRITE) {
    const part = inputs.slice(i, i + ARTICLES_PER_WRITE);
    // The PDFs first: an article is never listed without its file (a rerun adds what is missing of either).
    const files = await passDuplicates(
      repos.files.putNew(
        journal.id,
        part.map((a) => ({
          path: assetPath.article(a.year, a.volume, a.issue, a.file!),
          data: articlePdf({ journal: `Publisher Journal ${j + 1}`, title: a.title, authors: a.authorname ?? '', doi: a.doi ?? '', pages: a.pagenumber ?? '' }),
        })),
      ),
    );
    const articles = await passDuplicates<Article[] | number>(repos.articles.insertMany(journal.id, part), (err) => err.result.insertedCount);
    if (!files || typeof articles === 'number') held = undefined;
    added += typeof articles === 'number' ? articles : articles.length;
    if (held && files && typeof articles !== 'number') {
      for (const f of files) held.files.set(f.path, assetVersion(f.etag));
      held.articles.push(...articles);
    }
    onArticles(part.length);
  }
  await progress.replaceOne({ _id: key }, { done: true }, { upsert: true });
  return { id: journal.id, added, written: held && at !== undefined ? { docs: held, at } : undefined };
}

/** True once the write is done (passDuplicates answers undefined for one that met duplicates). */
const wrote = async (write: Promise<unknown>): Promise<true> => (await write, true);

/** A bulk write's answer, or what it wrote when all it refused were duplicates (a rerun). */
async function passDuplicates<T>(write: Promise<T>, written: (err: mongo.MongoBulkWriteError) => T | undefined = () => undefined): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!onlyDuplicates(err)) throw err;
    return written(err as mongo.MongoBulkWriteError) as T;
  }
}

type SeedViews = Awaited<ReturnType<typeof offlineViews>> & { logger: ReturnType<typeof createLogger> };

/** A journal's views and search index built from what its seed wrote; false when they must be read (busy: built later). */
async function buildWrittenViews(views: SeedViews, journalId: string, written: Written): Promise<boolean> {
  const r = await rebuildJournalViews(views.store, journalId, { logger: views.logger, preloaded: written.docs, preloadedAt: written.at });
  if (r.status !== 'done') return false;
  await views.publisher.announceAll(journalId);
  return true;
}

/**
 * The public views and search index of every seeded journal whose stored views do not list all
 * its articles yet, or that has no search index (resumable like the articles: a journal done is
 * skipped), read from the database; running replicas drop their copies.
 */
async function buildViews(views: SeedViews, opts: PublisherSeedOptions, ids: string[], built: ReadonlySet<string>) {
  const { store, publisher, search, logger } = views;
  const stale: string[] = [];
  for (const [j, id] of ids.entries()) {
    if (built.has(id)) continue;
    const count = articlesOf(opts, j);
    const head = await store.load('head', id, viewId.head(id));
    const listed = head ? Object.values(head.view.stats).reduce((n, s) => n + s.n, 0) : -1;
    // A database seeded before the search indexes existed gets them here too.
    if (!head?.view.complete || listed < count || !(await search.persisted(id))) stale.push(id);
  }
  const bar = progressBar('journals with views', stale.length, (opts.progress ?? false) && stale.length > 0);
  let done = 0;
  let left = stale;
  for (let round = 0; left.length; round++) {
    const busy: string[] = [];
    await rebuildAllViews(store, left, {
      logger,
      onJournal: async (id, r) => {
        if (r.status === 'busy' && round < BUSY_ROUNDS) return void busy.push(id);
        if (r.status !== 'done') throw new Error(`views of ${id}: ${r.status} (run \`jp views rebuild\`)`);
        await publisher.announceAll(id);
        bar(++done);
      },
    });
    left = busy;
    // A journal another writer holds (or a seed stopped half way held: its lock and lease expire).
    if (left.length) await sleep(BUSY_PAUSE_MS);
  }
}

/** Work-log entries per journal: up to WORKLOG_BIG_JOURNAL in the first, the rest spread evenly. */
export function worklogShares(journals: number, total: number): number[] {
  const big = Math.min(total, WORKLOG_BIG_JOURNAL);
  const rest = total - big;
  const others = Math.max(0, journals - 1);
  return Array.from({ length: journals }, (_, j) => (j === 0 ? big + (others ? 0 : rest) : Math.floor(rest / others) + (j - 1 < rest % others ? 1 : 0)));
}

export async function seedPublisher(opts: PublisherSeedOptions): Promise<PublisherSeedResult> {
  const started = Date.now();
  const conn = await connectMongo(opts.mongoUrl, opts.dbName, { socketTimeoutMs: TOOL_SOCKET_TIMEOUT_MS });
  const redis = opts.views !== false && opts.redisUrl ? createRedis(opts.redisUrl, { lazyConnect: true }) : undefined;
  const ids: string[] = [];
  let articlesAdded = 0;
  try {
    await redis?.connect();
    const repos = { journals: new JournalRepo(conn), issues: new IssueRepo(conn), articles: await ArticleRepo.open(conn), files: new FileStore(conn) };
    await Promise.all([repos.journals.init(), repos.issues.init(), repos.articles.init(), repos.files.init()]);
    const logger = createLogger('seed', process.env.LOG_LEVEL ?? 'warn', 'stderr');
    const views: SeedViews | undefined = opts.views !== false ? { ...(await offlineViews(conn, redis, opts.redisPrefix ?? 'jp:', logger)), logger } : undefined;
    const counter = views && ((id: string) => views.store.repo.counter(viewId.counter(id)));
    const built = new Set<string>();
    const bar = progressBar('articles', opts.articles, opts.progress ?? false);
    let done = 0;
    const js = Array.from({ length: opts.journals }, (_, j) => j);
    await eachLimit(js, JOURNALS_AT_ONCE, async (j) => {
      const r = await seedJournalArticles(conn, repos, j, articlesOf(opts, j), (n) => bar((done += n)), counter);
      ids[j] = r.id;
      articlesAdded += r.added;
      if (views && r.written && (await buildWrittenViews(views, r.id, r.written))) built.add(r.id);
    });
    if (views) await buildViews(views, opts, ids, built);
  } finally {
    redis?.disconnect();
    await conn.close();
  }
  let worklogAdded = 0;
  if (opts.worklogEntries > 0) {
    // The work log is the worklog service's data: written through its own seed (and index).
    const worklog = (await import(path.resolve(__dirname, '../../../worklog/dist/seed.js'))) as WorklogSeed;
    const shares = worklogShares(ids.length, opts.worklogEntries);
    worklogAdded = await worklog.seedBulkWorklog({
      mongoUrl: opts.mongoUrl,
      dbName: opts.dbName,
      redisUrl: opts.redisUrl,
      redisPrefix: opts.redisPrefix,
      journals: ids.map((id, j) => ({ id, entries: shares[j]! })).filter((j) => j.entries > 0),
      onProgress: progressBar('work-log entries', opts.worklogEntries, opts.progress ?? false),
    });
  }
  return { journals: ids.length, articles: opts.articles, articlesAdded, worklogEntries: opts.worklogEntries, worklogAdded, ms: Date.now() - started };
}
