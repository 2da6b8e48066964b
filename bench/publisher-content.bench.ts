/**
 * The content service at publisher scale: the publisher data set (`seedPublisher`) at growing
 * sizes (BENCH_PUBLISHER_CONTENT_SIZES, default 10,000 and 100,000 articles over
 * BENCH_PUBLISHER_CONTENT_JOURNALS journals, default 100), each with its public views built by the
 * rebuild job. For each size, fresh content processes against the data:
 * - time to /readyz (median of three; nothing is loaded at start, so it should not grow);
 * - an issue list never read by the process (a cold view), content directly: p50 and p99;
 * - the first read on replica B after a write on replica A (the change feed's eviction);
 * - RSS after ten minutes of a reader mix spread over every journal (issue lists, article pages,
 *   archives), and after reads at random over the whole corpus have filled the cache to its budget.
 * The data go into databases of the bench's own (`<db>_pubcontent`, `<db>_pubcontent_100k`, ...), so the stack's journals stay
 * as they are. Prints every figure with the corpus size; never asserts a time.
 *
 * Alone: `node node_modules/.bin/tsx bench/publisher-content.bench.ts` (MONGO_URL,
 * REDIS_URL, MONGO_DB), merging its figures into bench/results.json.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import mongoose from 'mongoose';

import { start as startContent } from '../services/content/src/app';
import { contentConfigSchema } from '../services/content/src/config';
import { seedPublisher } from '../services/content/src/seed/publisher';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { ArticleRepo } from '../services/content/src/archives/article.repo';
import { CONTENT_NODE_FLAGS } from '../services/content/src/node-flags';
import type { BenchContext } from './context';
import { restartedService, timedGet } from './http-timing';
import { collectGarbage, envContext, runStandalone, spawnBuilt, writeSection } from './bench-kit';

export type PublisherContentContext = Pick<BenchContext, 'mongoUrl' | 'dbName' | 'redisUrl' | 'jwtSecret'>;

const RESTARTS = 3;
const COLD_READS = 300;
/** Writes timed for the after-write figure (each replaces view documents: a collection scan on FerretDB). */
const WRITES = Number(process.env.BENCH_PUBLISHER_CONTENT_WRITES ?? 20);
const MIX_READS = 4000;
/** Seconds of the reader mix against a content process of its own, whose RSS is the figure (ten minutes). */
const MIX_S = Number(process.env.BENCH_PUBLISHER_CONTENT_MIX_S ?? 600);
/** Seconds of reads spread at random over every article of every journal, filling the cache to its budget: the worst case of the RSS. */
const FILL_S = Number(process.env.BENCH_PUBLISHER_CONTENT_FILL_S ?? 180);
/** Articles per issue and the first year of the publisher data set (seed/publisher.ts). */
const PER_ISSUE = 20;
const FIRST_YEAR = 1990;

const sizes = () =>
  (process.env.BENCH_PUBLISHER_CONTENT_SIZES ?? '10000,100000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
const JOURNALS = Number(process.env.BENCH_PUBLISHER_CONTENT_JOURNALS ?? 100);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))]!;
};
const median = (xs: number[]) => pct(xs, 0.5);
/** A fixed scattering of read numbers over [0, 2^32): the same random-looking reads every run. */
const scatter = (i: number) => {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** Issue `k` (0-based) of a journal of the data set: its archive path. */
const issuePath = (k: number) => {
  const year = FIRST_YEAR + Math.floor(k / 4);
  return `/api/archives/${year}/${year - FIRST_YEAR + 1}/${(k % 4) + 1}`;
};

export async function run(ctx: PublisherContentContext): Promise<Record<string, number>> {
  // A database per size: each is seeded once and its views built by inserts (a journal's first build).
  const dbOf = (total: number) => `${ctx.dbName}_pubcontent${total === 10_000 ? '' : `_${Math.round(total / 1000)}k`}`;
  const prefix = `bench-pubcontent-${randomBytes(3).toString('hex')}:`;
  const figures: Record<string, number> = {};
  const rows: string[] = [];
  let dbName = dbOf(10_000);
  let conn = await mongoose.createConnection(ctx.mongoUrl, { dbName }).asPromise();
  const config = (extra: Record<string, unknown> = {}) =>
    contentConfigSchema.parse({
      MONGO_URL: ctx.mongoUrl, MONGO_DB: dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: ctx.jwtSecret,
      AUTH_CHECK_STORED_USER: 'off', PORT: 0, LOG_LEVEL: 'silent', STATS_COUNTING: 'off', CROSSREF_WORKER: 'false', ...extra,
    });
  let readyAt10k = NaN;
  let rssAt10k = NaN;
  try {
    for (const total of sizes()) {
      if (dbOf(total) !== dbName) {
        await conn.close();
        dbName = dbOf(total);
        conn = await mongoose.createConnection(ctx.mongoUrl, { dbName }).asPromise();
      }
      const t0 = performance.now();
      const seeded = await seedPublisher({ mongoUrl: ctx.mongoUrl, dbName, journals: JOURNALS, articles: total, worklogEntries: 0, redisUrl: ctx.redisUrl, redisPrefix: prefix, progress: true });
      const seedS = (performance.now() - t0) / 1000;
      const journals = (await new JournalRepo(conn).listAll()).filter((j) => j.slug.startsWith('pub-'));
      const journalIds = journals.map((j) => j.id);
      const perJournal = Math.floor(total / JOURNALS);
      // The seed built the views of every journal it changed (the rebuild job, as `jp views rebuild`).
      const rebuilt = seeded.articlesAdded ? journalIds.length : 0;
      // The seed's count, checked on the first journal (counting every collection reads the corpus on FerretDB).
      const stored = seeded.articles;
      const firstShare = Math.floor(total / JOURNALS) + (total % JOURNALS > 0 ? 1 : 0);
      const first = journals.find((j) => j.slug === 'pub-0001');
      const firstCount = first ? await (await ArticleRepo.open(conn)).count(first.id) : -1;
      if (firstCount !== firstShare) throw new Error(`pub-0001 holds ${firstCount} articles, not the seed's ${firstShare}`);
      console.log(
        `publisher content, ${stored.toLocaleString('en')} articles in ${journalIds.length} journals: seeded ${seeded.articlesAdded.toLocaleString('en')} new and built the views in ${seedS.toFixed(0)} s`,
      );
      const issuesPerJournal = Math.max(1, Math.floor(perJournal / PER_ISSUE));

      // Time to ready, three fresh processes.
      const readies: number[] = [];
      for (let i = 0; i < RESTARTS; i++) {
        const r = await restartedService(() => startContent(config()), issuePath(0), { 'x-journal-id': journalIds[0]! }, () => ({}));
        readies.push(r.readyMs);
      }
      const readyMs = median(readies);

      // Cold issue lists: each (journal, issue) read once by a fresh process.
      const app = await startContent(config());
      const agent = new http.Agent({ keepAlive: true });
      const cold: number[] = [];
      collectGarbage();
      try {
        // Distinct (journal, issue) pairs: every read is the first of its issue view on this process.
        for (let i = 0; i < Math.min(COLD_READS, journalIds.length * issuesPerJournal); i++) {
          const jid = journalIds[i % journalIds.length]!;
          const r = await timedGet(agent, `${app.url}${issuePath(Math.floor(i / journalIds.length) % issuesPerJournal)}`, { 'x-journal-id': jid });
          if (r.status !== 200) throw new Error(`cold issue answered ${r.status}`);
          cold.push(r.ms);
        }
        // The reader mix over every journal: issue lists, article pages, archive indexes.
        for (let i = 0; i < MIX_READS; i++) {
          const jid = journalIds[i % journalIds.length]!;
          const n = (i * 104_729) % Math.max(1, perJournal);
          const pathOf = [issuePath(Math.floor(n / PER_ISSUE) % issuesPerJournal), `/api/archives/ref/${100_000 + n}`, '/api/archives/'][i % 3]!;
          const r = await timedGet(agent, `${app.url}${pathOf}`, { 'x-journal-id': jid });
          if (r.status !== 200) throw new Error(`reader mix: ${pathOf} answered ${r.status}`);
        }
      } finally {
        agent.destroy();
      }
      const cacheMb = app.cache.bytes / 2 ** 20;
      await app.stop();
      // The same cold reads as a reader makes them: by the journal's host, through the gateway. This
      // process just held a content service: its garbage goes first, so a pause of the client's
      // own collector is not timed as the servers'.
      collectGarbage();
      const viaGateway = await coldThroughGateway(
        ctx,
        dbName,
        prefix,
        cold.map((_, i) => ({ path: issuePath(Math.floor(i / journals.length) % issuesPerJournal), host: journals[i % journals.length]!.hosts[0]! })),
      );
      console.log(`  cold issue list through the gateway (separate processes, host resolved on each journal's first read): p50 ${pct(viaGateway, 0.5).toFixed(1)} ms, p99 ${pct(viaGateway, 0.99).toFixed(1)} ms`);
      // RSS of a content process of its own (this one also seeded): the reader mix for MIX_S seconds,
      // 6,000 different reads over and over (issue lists, article pages, archive indexes).
      const mix = await childReaderMix(ctx, dbName, prefix, MIX_S, (i) => {
        const jid = journalIds[(i * 7919) % journalIds.length]!;
        const n = (i * 104_729) % Math.max(1, perJournal);
        const pathOf = [issuePath(Math.floor(n / PER_ISSUE) % issuesPerJournal), `/api/archives/ref/${100_000 + n}`, '/api/archives/'][i % 3]!;
        return { path: pathOf, journalId: jid };
      });
      const rssMb = mix.rssMb;
      console.log(`  reader mix in a content process of its own: ${mix.reads.toLocaleString('en')} reads in ${MIX_S} s over ${journalIds.length} journals, RSS ${rssMb.toFixed(0)} MB (cache ${mix.cacheMb.toFixed(0)} MB)`);
      // The worst case: reads spread at random over every article and issue, until the cache is at its budget and evicting.
      const fill = await childReaderMix(ctx, dbName, prefix, FILL_S, (i) => {
        const h = scatter(i);
        const jid = journalIds[h % journalIds.length]!;
        const n = Math.floor(h / journalIds.length) % Math.max(1, perJournal);
        return { path: i % 2 ? `/api/archives/ref/${100_000 + n}` : issuePath(Math.floor(n / PER_ISSUE) % issuesPerJournal), journalId: jid };
      });
      console.log(`  reads at random over the whole corpus: ${fill.reads.toLocaleString('en')} reads in ${FILL_S} s, RSS ${fill.rssMb.toFixed(0)} MB (cache ${fill.cacheMb.toFixed(0)} MB of ${config().CACHE_MAX_MB})`);
      console.log(`  ${total.toLocaleString('en')}: ready ${readyMs.toFixed(0)} ms; cold issue p50 ${pct(cold, 0.5).toFixed(1)} ms, p99 ${pct(cold, 0.99).toFixed(1)} ms; RSS ${rssMb.toFixed(0)} MB (cache ${cacheMb.toFixed(0)} MB); timing ${WRITES} writes next`);

      // After a write on A, the first read on B that shows it.
      const a = await startContent(config());
      const b = await startContent(config());
      const afterWrite: number[] = [];
      const bAgent = new http.Agent({ keepAlive: true });
      try {
        const jid = journalIds[0]!;
        const ref = String(100_000 + (perJournal > 1 ? 1 : 0));
        const art = await a.repos.articles.findByRef(jid, ref);
        if (!art) throw new Error('no article to write');
        const titleOnB = async () => (JSON.parse((await timedGet(bAgent, `${b.url}/api/archives/ref/${ref}`, { 'x-journal-id': jid }, { keepBody: true })).body!.toString()) as { title: string }).title;
        await titleOnB();
        for (let i = 0; i < WRITES; i++) {
          const title = `Bench write ${i} ${randomBytes(3).toString('hex')}`;
          const w = performance.now();
          await a.repos.articles.update(jid, art.id, { title });
          await a.publisher.changed(jid, [{ t: 'article', id: art.id }]);
          const t = performance.now();
          while ((await titleOnB()) !== title) {
            if (performance.now() - t > 5000) throw new Error('replica B never saw the write');
          }
          afterWrite.push(performance.now() - t);
          console.log(`  write ${i + 1}: seen on B after ${(performance.now() - t).toFixed(1)} ms (the write itself took ${(t - w).toFixed(0)} ms)`);
        }
      } finally {
        bAgent.destroy();
        await b.stop();
        await a.stop();
      }
      const afterWriteMs = median(afterWrite);
      if (total === sizes()[0]) {
        readyAt10k = readyMs;
        rssAt10k = rssMb;
      }
      console.log(
        `  ${stored.toLocaleString('en')} articles: ready ${readyMs.toFixed(0)} ms (median of ${RESTARTS}); cold issue list (content directly) p50 ${pct(cold, 0.5).toFixed(1)} ms, p99 ${pct(cold, 0.99).toFixed(1)} ms; first read on B after a write on A ${afterWriteMs.toFixed(1)} ms (median of ${WRITES}, max ${Math.max(...afterWrite).toFixed(1)}); RSS of a content process after ${MIX_S} s of mixed reads over ${journalIds.length} journals ${rssMb.toFixed(0)} MB (its cache held ${mix.cacheMb.toFixed(0)} MB of a ${config().CACHE_MAX_MB} MB budget); with the cache filled by reads over the whole corpus ${fill.rssMb.toFixed(0)} MB (cache ${fill.cacheMb.toFixed(0)} MB)`,
      );
      const tag = `${Math.round(stored / 1000)}k`;
      Object.assign(figures, {
        [`publisher_content_ready_ms_${tag}`]: readyMs,
        [`publisher_cold_issue_p50_ms_${tag}`]: pct(cold, 0.5),
        [`publisher_cold_issue_p99_ms_${tag}`]: pct(cold, 0.99),
        [`publisher_cold_issue_gateway_p50_ms_${tag}`]: pct(viaGateway, 0.5),
        [`publisher_cold_issue_gateway_p99_ms_${tag}`]: pct(viaGateway, 0.99),
        [`publisher_after_write_ms_${tag}`]: afterWriteMs,
        [`publisher_content_rss_mb_${tag}`]: rssMb,
        [`publisher_content_rss_full_cache_mb_${tag}`]: fill.rssMb,
        [`publisher_content_full_cache_mb_${tag}`]: fill.cacheMb,
      });
      rows.push(
        `| ${stored.toLocaleString('en')} | ${readyMs.toFixed(0)} ms | ${pct(viaGateway, 0.5).toFixed(1)} / ${pct(viaGateway, 0.99).toFixed(1)} ms | ${pct(cold, 0.5).toFixed(1)} / ${pct(cold, 0.99).toFixed(1)} ms | ${afterWriteMs.toFixed(1)} ms | ${rssMb.toFixed(0)} MB (cache ${mix.cacheMb.toFixed(0)} MB) | ${fill.rssMb.toFixed(0)} MB (cache ${fill.cacheMb.toFixed(0)} MB) | ${rebuilt ? `${seedS.toFixed(0)} s` : 'already seeded'} |`,
      );
      // The headline figures are those of the largest corpus measured.
      figures.publisher_articles = stored;
      figures.publisher_content_ready_ms = readyMs;
      figures.publisher_content_ready_ratio = readyMs / readyAt10k;
      figures.publisher_content_rss_ratio = rssMb / rssAt10k;
      figures.publisher_content_rss_mb = rssMb;
      figures.publisher_content_rss_full_cache_mb = fill.rssMb;
      figures.publisher_cold_issue_p50_ms = pct(viaGateway, 0.5);
      // The issue's figure is the reader's path: through the gateway.
      figures.publisher_cold_issue_p99_ms = pct(viaGateway, 0.99);
      figures.publisher_cold_issue_content_p99_ms = pct(cold, 0.99);
      figures.publisher_after_write_ms = afterWriteMs;
    }
    writeSection(
      'publisher-content',
      'The content service at publisher scale',
      `the publisher data set over ${JOURNALS} journals, views built by the rebuild job; fresh content processes on FerretDB/SQLite on this shared machine. Cold issue lists: each (journal, issue) read once by a fresh process, through a gateway of its own by the journal's host (built services in separate processes, the gateway resolving each journal's host on its first read), and, apart, from an in-process content service directly.`,
      ['articles', 'start to ready (median of 3)', 'cold issue list through the gateway, p50 / p99', 'the same, content directly', 'first read on B after a write on A', 'RSS after the reader mix (10 min)', 'RSS with the cache at its budget', 'seeding with views'],
      rows,
      [
        "A cold issue list is two view reads (the journal's head, then the issue), each one `distinct` of the view's one compressed field by `_id` (docs/architecture.md#public-views-content). FerretDB 1.24 reads the whole collection to find an `_id`, so a read costs a round trip (about 0.6 ms) plus about 2.7 ms per stored megabyte of its collection; with 1,024 key buckets a collection of issue views holds about 60 kB at 100,000 articles and 300 kB at 500,000, compressed. Content directly, the cold list was p50 3.8–3.9 ms at 10,000 articles, 6.0 at 100,000, 6.6 at 500,000 and 8.4–9.1 at 1,000,000 (the earlier rows: the run of 2026-11-26): a term that grows with the corpus on FerretDB at a fixed bucket count, inside the figure's bound through the gateway; MongoDB (the Kubernetes configuration) reads its `_id` index and does not grow.",
        "Through the gateway every read is a journal's first there: the host is resolved (one look-up in content's host map) before the list is read, and the first read of the run also loads that map and warms both processes.",
        "Start to ready reads no journal, so it does not grow with the corpus.",
        "RSS is that of the built service run with its pod's Node flags (`services/content/src/node-flags.ts`: 16 MB semi-spaces, 256 MB old space), read by 8 connections. The reader mix is 6,000 different reads over the 500 journals (a third each issue lists, article pages and archive indexes), over and over for ten minutes; at 10,000 articles (20 a journal) the same mix names fewer different answers. The second run reads at random over every article and issue of the corpus until the cache holds its whole budget and evicts: RSS is then the budget plus about 196 MB. Its parts, from /metrics and /proc at the end of a 100 s run of the same reads: 57 MB of the node binary's mapped pages, a V8 heap of 127 MB (young generation 32 MB, old space 79 MB, of which about 40 MB is the process itself and the rest the entries' objects), 178 MB of buffers outside the heap (the cached bytes, plus evicted ones not yet collected: V8 collects buffers after 64 MB more of them) and some 20 MB of native memory. With the search budget full besides that is 388 + 96 = 484 MB, under the pod's limit of 512 MiB (537 MB).",
      ],
    );
    return figures;
  } finally {
    await conn.close();
  }
}

if (require.main === module) runStandalone('publisher-content', run, envContext());

/**
 * A content process of its own (the built service with its pod's Node flags, as in production)
 * read by 8 connections for `seconds`; at the end, its RSS from /proc and its cache's bytes from
 * /metrics.
 */
async function childReaderMix(
  ctx: PublisherContentContext,
  dbName: string,
  prefix: string,
  seconds: number,
  pick: (i: number) => { path: string; journalId: string },
): Promise<{ rssMb: number; reads: number; cacheMb: number }> {
  const content = await spawnBuilt(path.join('services', 'content'), contentEnv(ctx, dbName, prefix), CONTENT_NODE_FLAGS);
  const agent = new http.Agent({ keepAlive: true });
  try {
    let i = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < end) {
          const { path: p, journalId } = pick(i++);
          const r = await timedGet(agent, `${content.url}${p}`, { 'x-journal-id': journalId });
          if (r.status !== 200) throw new Error(`reader mix: ${p} answered ${r.status}`);
        }
      }),
    );
    const status = readFileSync(`/proc/${content.child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    const metrics = (await timedGet(agent, `${content.url}/metrics`, {}, { keepBody: true })).body?.toString() ?? '';
    const cacheBytes = Number(/^content_cache_bytes(?:\{[^}]*\})? (\S+)$/m.exec(metrics)?.[1] ?? NaN);
    return { rssMb: kb / 1024, reads: i, cacheMb: cacheBytes / 2 ** 20 };
  } finally {
    agent.destroy();
    content.child.kill('SIGTERM');
  }
}

/**
 * Cold issue lists as a reader's request takes them: a fresh content process and a gateway of
 * their own (the built services, separate processes as in production), each (journal, issue)
 * asked once by its journal's host, so the gateway resolves each journal's host for the first time too.
 */
async function coldThroughGateway(
  ctx: PublisherContentContext,
  dbName: string,
  prefix: string,
  reads: { path: string; host: string }[],
): Promise<number[]> {
  const content = await spawnBuilt(path.join('services', 'content'), contentEnv(ctx, dbName, prefix), CONTENT_NODE_FLAGS);
  const nowhere = 'http://127.0.0.1:1';
  const gateway = await spawnBuilt('gateway', {
    PATH: process.env.PATH, LOG_LEVEL: 'silent', CONTENT_URL: content.url, AUTH_URL: nowhere, WORKLOG_URL: nowhere, PDF_URL: nowhere, RENDER_URL: nowhere,
  }).catch(async (e: unknown) => {
    content.child.kill('SIGTERM');
    throw e;
  });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const out: number[] = [];
    for (const { path: p, host } of reads) {
      const r = await timedGet(agent, `${gateway.url}${p}`, { host });
      if (r.status !== 200) throw new Error(`cold issue through the gateway: ${host}${p} answered ${r.status}`);
      out.push(r.ms);
    }
    return out;
  } finally {
    agent.destroy();
    gateway.child.kill('SIGTERM');
    content.child.kill('SIGTERM');
  }
}

const contentEnv = (ctx: PublisherContentContext, dbName: string, prefix: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH, MONGO_URL: ctx.mongoUrl, MONGO_DB: dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: ctx.jwtSecret,
  AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'silent', STATS_COUNTING: 'off', CROSSREF_WORKER: 'false',
});
