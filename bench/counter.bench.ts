/**
 * COUNTER reports over SUSHI for a journal of 10,000 articles (BENCH_COUNTER_ARTICLES) with a year
 * of usage: every article counted every month (the articles' monthly aggregates, and the journal's
 * rollup by year of publication and access type that the recorder writes beside them), in a
 * database of the bench's own (`<db>_counter`). The content service runs on it as in production
 * (its own process's HTTP server, the real database and Redis); reports are asked over HTTP with a
 * customer's credentials, as a harvester asks them (gateway and nginx pass /counter/r51 through
 * uncached). Measures:
 *   counter_tr_j1_ms        p99 of TR_J1 for the year, 300 requests one after another from 100
 *                           customers in turn, as harvesters meet it (the first of them is the first
 *                           after a restart of the service; complete months' rollups, once read, are
 *                           shared for a minute)
 *   counter_tr_j1_first_ms  that first request
 *   counter_tr_j1_cold_ms   p99 of TR_J1 when every request reads the rollups (the first harvester
 *                           of a minute, or an institution's own usage nobody asked for yet)
 *   counter_tr_ms           p99 of TR with YOP, Access_Type and Access_Method shown (the master
 *                           report, every attribute: the most the title rollup is split into)
 *   counter_tr_j3_ms        p99 of TR_J3 (the view with usage on an open platform: TR_J1 and TR_J4
 *                           count Controlled articles only, and none is)
 *   counter_pr_ms           p99 of PR
 *   counter_item_months_store_s  the sweep a replica runs soon after start (StatsRecorder.storeItemMonths):
 *                           every complete month's item counts stored, here the year never stored
 *                           (after upgrading): every article-month read once, a document a month written
 *   counter_ir_a1_first_ms  the first IR_A1 of the year after a restart, its months stored by the sweep
 *   counter_ir_a1_ms        p99 of IR_A1 of the year after that (20 requests): the stored months
 *   counter_ir_a1_stale_month_ms  the worst a harvester meets once the months are stored: one month
 *                           made stale by a late hit, read from its article-months (and stored
 *                           again) before the sweep gets to it
 * and the CPU each part cost the bench's process (content and the client) and the database's
 * (FerretDB and PostgreSQL behind MONGO_URL, from /proc).
 * Prints the figures; never asserts a time.
 *
 * Alone: `node node_modules/.bin/tsx bench/counter.bench.ts` (MONGO_URL, REDIS_URL, MONGO_DB),
 * merging its figures into bench/results.json.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Types } from 'mongoose';
import { DEFAULT_JOURNAL_FLAGS, emptySettingsText } from '@journal/contracts';
import { ascending, percentile, round } from '@journal/testing';
import { start } from '../services/content/src/app';
import { contentConfigSchema } from '../services/content/src/config';
import { SushiCustomerRepo } from '../services/content/src/counter/sushi-customer.repo';
import type { AccessType, TitleIncrement } from '../services/content/src/stats/stats.repo';
import type { BenchContext } from './context';
import { envContext, runStandalone, writeSection } from './bench-kit';
import { databaseCpuMs, databasePids } from './proc-cpu';

/**
 * CPU ms since a mark: the bench's process (content and the client, user + system) and the
 * database's processes behind MONGO_URL (FerretDB, and PostgreSQL with its backends), per `per`.
 */
function cpuMeter(mongoUrl: string) {
  const pids = databasePids(mongoUrl);
  const now = () => ({ bench: process.cpuUsage(), db: databaseCpuMs(pids) });
  const since = (from: ReturnType<typeof now>, per = 1) => {
    const b = process.cpuUsage(from.bench);
    return {
      bench: round((b.user + b.system) / 1000 / per, 1),
      ...Object.fromEntries(Object.entries(databaseCpuMs(pids)).map(([k, v]) => [k, round((v - (from.db[k] ?? 0)) / per, 1)])),
    };
  };
  return { now, since };
}

const ARTICLES = Number(process.env.BENCH_COUNTER_ARTICLES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_COUNTER_REQUESTS ?? 300);
const YEAR = 2025;
const MONTHS = Array.from({ length: 12 }, (_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}`);
/** Customers the requests take turns with: each stays under the API's limit a minute. */
const CUSTOMERS = 100;

export async function run(ctx: Pick<BenchContext, 'mongoUrl' | 'redisUrl' | 'dbName' | 'jwtSecret'>): Promise<Record<string, number>> {
  const dbName = `${ctx.dbName}_counter`;
  const config = contentConfigSchema.parse({
    MONGO_URL: ctx.mongoUrl,
    REDIS_URL: ctx.redisUrl,
    MONGO_DB: dbName,
    REDIS_PREFIX: `bench_counter_${Date.now().toString(36)}:`,
    JWT_SECRET: ctx.jwtSecret,
    PORT: 0,
    LOG_LEVEL: 'warn',
    WAIT_READY: true,
    STATS_COUNTING: 'off',
    // The sweep of the item months is run by the bench, when it measures it.
    STATS_ITEM_MONTHS_FIRST_MS: 3_600_000,
    WEB_INDEX_URL: 'http://127.0.0.1:9/index.html',
  });
  const { now: cpuNow, since: cpuSince } = cpuMeter(ctx.mongoUrl);
  let app = await start(config);
  try {
    await app.conn.dropDatabase();
    await app.stop();
    app = await start(config);
    const j = await app.journals.upsert({
      ...emptySettingsText(),
      slug: 'counterbench',
      hosts: ['counterbench.test'],
      websitename: 'Journal of Counted Usage',
      issn: '1234-5678',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      flags: { ...DEFAULT_JOURNAL_FLAGS },
    } as never);
    // Years of publication 2016–2025, one article in ten under all rights reserved (Free_To_Read).
    const articles = Array.from({ length: ARTICLES }, (_, i) => ({
      id: new Types.ObjectId().toString(),
      yop: 2016 + (i % 10),
      access: (i % 10 === 3 ? 'Free_To_Read' : 'Open') as AccessType,
    }));
    const t0 = performance.now();
    const docs = articles.flatMap((a, i) =>
      MONTHS.map((month, m) => {
        const views = 1 + ((i * 7 + m * 3) % 23);
        const downloads = (i * 5 + m) % 11;
        return { journalId: j.id, articleId: a.id, month, views, downloads, uii: Math.ceil(views * 0.8), uir: Math.ceil(downloads * 0.7) };
      }),
    );
    for (let i = 0; i < docs.length; i += 5000) await app.repos.stats.model.insertMany(docs.slice(i, i + 5000), { ordered: false });
    // The rollup the recorder writes beside them, summed from the same counts.
    const rollup = new Map<string, TitleIncrement>();
    docs.forEach((d, k) => {
      const a = articles[Math.floor(k / MONTHS.length)]!;
      const key = `${d.month}|${a.yop}|${a.access}`;
      const t = rollup.get(key) ?? { journalId: j.id, month: d.month, yop: a.yop, access: a.access, views: 0, downloads: 0, uii: 0, uir: 0 };
      t.views += d.views;
      t.downloads += d.downloads;
      t.uii += d.uii;
      t.uir += d.uir;
      rollup.set(key, t);
    });
    await app.repos.stats.addTitles([...rollup.values()]);
    console.log(`counter: ${ARTICLES} articles, ${docs.length} article-months and ${rollup.size} rollups stored in ${round((performance.now() - t0) / 1000, 1)} s`);
    const customers = new SushiCustomerRepo(app.conn);
    await customers.init();
    const keys: { customer_id: string; api_key: string }[] = [];
    for (let c = 0; c < CUSTOMERS; c++) {
      const made = (await customers.create(j.id, { name: `Library ${c}`, customerId: `lib-${c}`, requestorId: '', notes: '', ipRanges: [] }))!;
      keys.push({ customer_id: `lib-${c}`, api_key: made.apiKey });
    }
    // A restart: the first request meets a process that has read nothing yet.
    await app.stop();
    app = await start(config);

    let turn = 0;
    const ask = async (report: string, extra: Record<string, string> = {}) => {
      const q = new URLSearchParams({ ...keys[turn++ % CUSTOMERS]!, begin_date: `${YEAR}-01-01`, end_date: `${YEAR}-12-31`, ...extra });
      const t = performance.now();
      const r = await fetch(`${app.url}/counter/r51/reports/${report}?${q}`, { headers: { 'x-journal-id': j.id, 'x-journal-host': 'counterbench.test' } });
      const body = await r.text();
      const ms = performance.now() - t;
      if (r.status !== 200) throw new Error(`${report} answered ${r.status}: ${body.slice(0, 200)}`);
      return { ms, body };
    };
    const askIr = async () => {
      const q = new URLSearchParams({ ...keys[turn++ % CUSTOMERS]!, begin_date: `${YEAR}-01-01`, end_date: `${YEAR}-12-31` });
      const r = await fetch(`${app.url}/counter/r51/reports/ir_a1?${q}`, { headers: { 'x-journal-id': j.id, 'x-journal-host': 'counterbench.test' } });
      const body = await r.text();
      if (r.status === 202) return null;
      if (r.status !== 200) throw new Error(`ir_a1 answered ${r.status}: ${body.slice(0, 200)}`);
      return body;
    };
    const series = async (report: string, extra: Record<string, string> = {}, cold = false) => {
      const out: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        if (cold) app.repos.stats.settled.forget([j.id]);
        out.push((await ask(report, extra)).ms);
      }
      return out;
    };
    const cpuJ1 = cpuNow();
    const j1 = await series('tr_j1');
    const j1Cpu = cpuSince(cpuJ1, REQUESTS);
    console.log('counter: TR_J1 CPU ms a request', j1Cpu);
    const cpuCold = cpuNow();
    const j1Cold = ascending(await series('tr_j1', {}, true));
    const j1ColdCpu = cpuSince(cpuCold, REQUESTS);
    console.log('counter: TR_J1 reading the rollups every time, CPU ms a request', j1ColdCpu);
    const first = j1[0]!;
    const [j1s, tr, j3, pr] = [ascending(j1), ascending(await series('tr', { attributes_to_show: 'YOP|Access_Type|Access_Method' })), ascending(await series('tr_j3')), ascending(await series('pr'))];
    const check = JSON.parse((await ask('tr_j3')).body) as { Report_Items: { Attribute_Performance: { Performance: { Total_Item_Requests: Record<string, number> } }[] }[] };
    const requests = check.Report_Items[0]!.Attribute_Performance.reduce((n, p) => n + Object.values(p.Performance.Total_Item_Requests).reduce((a, b) => a + b, 0), 0);
    if (requests !== docs.reduce((n, d) => n + d.downloads, 0)) throw new Error(`TR_J3 counts ${requests} requests, the articles ${docs.reduce((n, d) => n + d.downloads, 0)}`);
    // The sweep a replica runs soon after start: the year was never stored (as after upgrading).
    const cpu0 = cpuNow();
    const t0sweep = performance.now();
    const stored = await app.stats.storeItemMonths();
    const sweep = { s: round((performance.now() - t0sweep) / 1000, 1), stored, cpu_ms: cpuSince(cpu0) };
    console.log('counter: item months stored', sweep);
    // A restart: the first item report meets a process that has read nothing yet.
    await app.stop();
    app = await start(config);
    const cpu1 = cpuNow();
    const t0ir = performance.now();
    let ir = await askIr();
    // Had it been queued (1011), the harvester would ask again: the time counts from its first request.
    while (!ir) {
      await new Promise((r) => setTimeout(r, 500));
      ir = await askIr();
    }
    const irFirst = { ms: round(performance.now() - t0ir, 0), cpu_ms: cpuSince(cpu1) };
    const irs: number[] = [];
    for (let i = 0; i < 20; i++) irs.push((await ask('ir_a1')).ms);
    // A late hit of June: its stored month is stale until the sweep stores it again.
    await app.repos.stats.markItemMonths([{ journalId: j.id, month: `${YEAR}-06` }]);
    const cpu2 = cpuNow();
    const stale = await ask('ir_a1');
    const staleMonth = { ms: round(stale.ms, 0), cpu_ms: cpuSince(cpu2) };
    console.log('counter: first IR_A1 after the sweep', irFirst, 'with a stale month', staleMonth);
    const figures = {
      counter_tr_j1_ms: round(percentile(j1s, 99), 2),
      counter_tr_j1_p50_ms: round(percentile(j1s, 50), 2),
      counter_tr_j1_first_ms: round(first, 2),
      counter_tr_j1_cold_ms: round(percentile(j1Cold, 99), 2),
      counter_tr_j1_cold_p50_ms: round(percentile(j1Cold, 50), 2),
      counter_tr_ms: round(percentile(tr, 99), 2),
      counter_tr_j3_ms: round(percentile(j3, 99), 2),
      counter_pr_ms: round(percentile(pr, 99), 2),
      counter_item_months_store_s: sweep.s,
      counter_ir_a1_first_ms: irFirst.ms,
      counter_ir_a1_stale_month_ms: staleMonth.ms,
      counter_ir_a1_ms: round(percentile(ascending(irs), 99), 2),
      counter_articles: ARTICLES,
    };
    console.log(figures);
    const cpu = (c: Record<string, number>) => Object.entries(c).map(([k, v]) => `${k} ${v}`).join(', ');
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    writeSection(
      'counter',
      'COUNTER reports over SUSHI',
      `a year of a ${ARTICLES.toLocaleString('en')}-article journal (${docs.length.toLocaleString('en')} article-months), content in the bench's process on FerretDB on PostgreSQL, load average ${load} at the end on ${availableParallelism()} cores. CPU is the bench's process (content and the client) and the database's processes with their children, from /proc.`,
      ['figure', 'wall', 'CPU ms'],
      [
        `| TR_J1 p99 / p50 (\`counter_tr_j1_ms\`, ${REQUESTS} requests from ${CUSTOMERS} customers in turn) | ${figures.counter_tr_j1_ms} / ${figures.counter_tr_j1_p50_ms} ms | a request: ${cpu(j1Cpu)} |`,
        `| TR_J1 reading the rollups every time p99 / p50 (\`counter_tr_j1_cold_ms\`) | ${figures.counter_tr_j1_cold_ms} / ${figures.counter_tr_j1_cold_p50_ms} ms | a request: ${cpu(j1ColdCpu)} |`,
        `| the start-up sweep storing the year's item months (\`counter_item_months_store_s\`) | ${sweep.s} s | ${cpu(sweep.cpu_ms)} |`,
        `| first IR_A1 of the year after a restart, from the stored months (\`counter_ir_a1_first_ms\`) | ${irFirst.ms} ms | ${cpu(irFirst.cpu_ms)} |`,
        `| IR_A1 p99 after that (\`counter_ir_a1_ms\`) | ${figures.counter_ir_a1_ms} ms | |`,
        `| IR_A1 with one month made stale by a late hit (\`counter_ir_a1_stale_month_ms\`) | ${staleMonth.ms} ms | ${cpu(staleMonth.cpu_ms)} |`,
      ],
      [
        'Before item months were stored by the sweep, the first IR_A1 of a year never asked for read every article-month: 42.8 s, answered 1011 (queued) until read.',
        'The worst a harvester meets: months not stored when asked (an upgrade before the first sweep has finished, or the minutes between a late hit and the next sweep) are read from the article-months, each about a twelfth of the sweep\'s cost; past COUNTER_ITEM_WAIT_MS (15 s) the answer is 1011 and the read goes on.',
        'At load average 16-23 on the same 2 cores (before complete months\' reads were kept), TR_J1 read its rollups every time: p99 474 ms, p50 77, with 12.9 ms CPU a request in the bench\'s process, 38.3 in FerretDB and 36.5 in PostgreSQL (the database\'s CPU shared with other work then); at load 21-25 once 1,023 ms. The wall time follows the machine\'s load; the CPU a request is the code\'s cost, and a kept read leaves FerretDB about 1 ms of it.',
      ],
    );
    return figures;
  } finally {
    await app.conn.dropDatabase().catch(() => undefined);
    await app.stop();
  }
}

if (require.main === module) {
  const dbName = process.env.MONGO_DB ?? `journal_bench${process.env.JP_LANE ? `_${process.env.JP_LANE}` : ''}`;
  runStandalone('counter', run, { ...envContext(), dbName }, { report: true });
}
