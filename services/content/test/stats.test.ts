import { readdirSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eventually, staffToken, until as pollUntil } from '@journal/testing';
import { hitTarget, isFirstPart, isRobot, useCounterRobots } from '../src/stats/hit-target';
import { parseRobotList } from '../src/stats/counter-robots';
import { hitOf, parseUsageDatagram } from '../src/stats/usage-line';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PDF = '/assets/archives/2026/vol4issue2/501.pdf';
/** A user agent isbot does not know, named in the robots list these tests install (COUNTER's format). */
const LISTED_ROBOT = 'Mozilla/5.0 (X11; Linux x86_64) JpExampleHarvester/3.1';
const ROBOTS_JSON = JSON.stringify([
  { pattern: 'jpexampleharvester', last_changed: '2026-01-01' },
  { pattern: '^JpFetcher\\/[0-9]', last_changed: '2026-01-01' },
  { pattern: '(?<=x)y', last_changed: '2026-01-01' },
  { pattern: '[unclosed', last_changed: '2026-01-01' },
]);

type App = Awaited<ReturnType<typeof startContent>>;

/** The last value read once `ok` holds, or after `tries` reads every 250 ms (the caller's expect says what was wrong). */
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, tries = 120): Promise<T> {
  let v!: T;
  await pollUntil(async () => ok((v = await fn())), 'a count', tries * 250, 250).catch(() => undefined);
  return v;
}

async function setup(app: App, slug: string) {
  const J = await makeJournal(app, slug, { flags: { showUsageStats: true } });
  await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 2, frequency: 'april' });
  const a = await app.repos.articles.create(J, {
    year: 2026, volume: 4, issue: 2, refnumber: '501', txnid: 't501', title: 'Counted', status: 'enabled', pagenumber: '1-5', authorname: 'A B',
  });
  await app.files.put(J, PDF, await makePdf('counted'), { contentType: 'application/pdf' });
  // Read only through a sentinel view after the hits a test sends (see `drained`); in an issue of
  // its own, so the issue's figures stay the test's.
  await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 3, frequency: 'may' });
  const s = await app.repos.articles.create(J, {
    year: 2026, volume: 4, issue: 3, refnumber: '599', txnid: 't599', title: 'Sentinel', status: 'enabled', pagenumber: '6-7', authorname: 'C D',
  });
  return { J, id: a.id, sentinel: s.id };
}

/**
 * Sends a view of the sentinel article (`send`, a new client each time) after a test's hits and
 * waits until it is counted: hits travel one ordered path (log → buffer → Redis → MongoDB), so
 * every hit sent before it has landed too, and nothing more is on its way.
 */
let sentinels = 0;
async function drained(app: App, J: string, sentinel: string, send: (ip: string) => void | Promise<void>) {
  const before = (await app.repos.stats.totals(J, sentinel)).views;
  await send(`10.99.0.${++sentinels}`);
  await eventually(async () => expect((await app.repos.stats.totals(J, sentinel)).views).toBe(before + 1), 600);
}

/** What nginx's usage log sends for one answered request: a syslog datagram, exactly as nginx writes it. */
const udp = dgram.createSocket('udp4');
afterAll(() => udp.close());
function hit(app: App, slug: string, uri: string, ip: string, ua: string, extra: { status?: string; range?: string; method?: string } = {}) {
  const line = JSON.stringify({
    host: `${slug}.test`, method: extra.method ?? 'GET', uri, status: extra.status ?? '200', ua, ip, range: extra.range ?? '', msec: (Date.now() / 1000).toFixed(3),
  });
  const msg = Buffer.from(`<190>Nov 22 23:15:00 jp_usage: ${line}`);
  return new Promise<void>((resolve, reject) => udp.send(msg, app.usagePort, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
}

const countsOf = async (app: App, J: string, id: string) => app.repos.stats.totals(J, id);

describe('what counts', () => {
  it('reads article pages, app reads and PDFs from the URI, version stamps ignored', () => {
    expect(hitTarget('/archives/2026/vol4/issue2/501')).toEqual({ kind: 'view', ref: '501' });
    expect(hitTarget('/api/archives/ref/501')).toEqual({ kind: 'view', ref: '501' });
    expect(hitTarget('/assets/archives/2026/vol4issue2/501.pdf?v=abc')).toEqual({ kind: 'download', path: PDF });
    expect(hitTarget('/api/archives/ref/501/cite.bib')).toBeNull();
    expect(hitTarget('/archives/2026/vol4/issue2')).toBeNull();
    expect(hitTarget('/assets/archives/%E0%A4%A')).toBeNull();
  });
  it('reads nginx\'s syslog datagrams and counts only GETs answered 200/206', () => {
    const msg = (o: Record<string, string>) =>
      `<190>Nov 22 23:15:00 jp_usage: ${JSON.stringify({ host: 'J.test', method: 'GET', uri: PDF, status: '200', ua: CHROME, ip: '1.2.3.4', range: '', msec: '1732312500.123', ...o })}`;
    expect(hitOf(parseUsageDatagram(msg({}))!)).toEqual({ host: 'j.test', target: { kind: 'download', path: PDF }, ip: '1.2.3.4', ua: CHROME, ts: 1732312500123 });
    expect(hitOf(parseUsageDatagram(msg({ status: '206', range: 'bytes=0-65535' }))!)).not.toBeNull();
    for (const o of [{ status: '404' }, { status: '304' }, { method: 'HEAD' }, { status: '206', range: 'bytes=65536-' }, { ua: GOOGLEBOT }]) {
      expect(hitOf(parseUsageDatagram(msg(o))!)).toBeNull();
    }
    expect(parseUsageDatagram('garbage')).toBeNull();
    expect(parseUsageDatagram('<190>x jp_usage: {not json')).toBeNull();
  });
  it("reads COUNTER's robots list (JSON or text), case-insensitively, leaving out what JavaScript cannot compile", () => {
    const list = parseRobotList(ROBOTS_JSON);
    expect(list.size).toBe(3);
    expect(list.skipped).toEqual(['[unclosed']);
    expect([LISTED_ROBOT, 'jpfetcher/2', 'JPFETCHER/2', 'Mozilla JpFetcher/2', CHROME].map((ua) => list.test(ua))).toEqual([true, true, true, false, false]);
    const text = parseRobotList('# comment\njpexampleharvester\n\n^JpFetcher\\/[0-9]\n');
    expect(text.size).toBe(2);
    expect(isRobot(LISTED_ROBOT)).toBe(false);
    useCounterRobots(list);
    try {
      expect([LISTED_ROBOT, CHROME].map(isRobot)).toEqual([true, false]);
    } finally {
      useCounterRobots(null);
    }
  });
  it('leaves out robots, clients without a user agent and later parts of a ranged download', () => {
    expect([GOOGLEBOT, 'curl/8.5.0', 'python-requests/2.32', '', CHROME].map(isRobot)).toEqual([true, true, true, true, false]);
    expect(['', 'bytes=0-', 'bytes=0-1023', 'bytes=1024-', 'bytes=-500'].map((r) => isFirstPart(r || undefined))).toEqual([true, true, true, false, false]);
  });
});

/** Field `n` (1-based, as proc(5) numbers them) of /proc/<pid>/task/<tid>/stat for each of this process's threads. */
const threadStatField = (n: number) =>
  readdirSync(`/proc/${process.pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
    // Fields from the third on follow the parenthesised name.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3]);
  });

describe('counting on the shared Redis', () => {
  let app: App;
  let J: string;
  let id: string;
  let sentinel: string;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jp-robots-'));
    writeFileSync(path.join(dir, 'COUNTER_Robots_list.json'), ROBOTS_JSON);
    app = await startContent({ STATS_PUSH_MS: 50, STATS_FLUSH_MS: 100, STATS_ROBOTS_FILE: path.join(dir, 'COUNTER_Robots_list.json') } as never);
    ({ J, id, sentinel } = await setup(app, 'stats1'));
  });
  afterAll(() => stopContent(app));

  it('receives the usage log on a thread of its own at a low CPU priority', () => {
    // Field 19 of a thread's stat is its nice value.
    const nice = threadStatField(19);
    expect(nice).toContain(10);
    // The threads answering requests keep the process's priority.
    expect(nice).toContain(0);
  });

  it('100 downloads by 3 clients with repeats and two robots count once per client within 30 s, the robots (isbot and the COUNTER list) never', async () => {
    const plan: [string, string, number][] = [
      ['10.0.0.1', CHROME, 40],
      ['10.0.0.2', FIREFOX, 30],
      ['10.0.0.3', CHROME, 20],
      ['10.0.0.9', GOOGLEBOT, 5],
      ['10.0.0.8', LISTED_ROBOT, 5],
    ];
    let sent = 0;
    for (const [ip, ua, n] of plan) {
      for (let i = 0; i < n; i++, sent++) await hit(app, 'stats1', PDF, ip, ua);
    }
    expect(sent).toBe(100);
    // Not downloads: a HEAD, a 404 and the rest of a ranged download already counted.
    await hit(app, 'stats1', PDF, '10.0.0.5', CHROME, { method: 'HEAD' });
    await hit(app, 'stats1', PDF, '10.0.0.5', CHROME, { status: '404' });
    await hit(app, 'stats1', PDF, '10.0.0.1', CHROME, { status: '206', range: 'bytes=65536-' });
    // Page views are their own count: two clients, one of them twice (page, then the app's read).
    await hit(app, 'stats1', '/archives/2026/vol4/issue2/501', '10.0.0.1', CHROME);
    await hit(app, 'stats1', '/api/archives/ref/501', '10.0.0.1', CHROME);
    await hit(app, 'stats1', '/api/archives/ref/501', '10.0.0.2', FIREFOX);
    const c = await until(() => countsOf(app, J, id), (x) => x.downloads >= 3 && x.views >= 2);
    // Every hit sent has landed before asserting nothing more was counted.
    await drained(app, J, sentinel, (ip) => hit(app, 'stats1', '/api/archives/ref/599', ip, CHROME));
    expect(await countsOf(app, J, id)).toEqual({ downloads: 3, views: 2 });
    expect(c).toEqual({ downloads: 3, views: 2 });
  });

  it("follows COUNTER's double-click rule: its worked examples, a run collapses to its last, the later request kept", async () => {
    const target = { kind: 'download', path: PDF } as const;
    // Each example by its own client, in a month of its own.
    const examples: [string, string[]][] = [
      // COUNTER: a click at 10:01:00 and a second at 10:01:29 are one action...
      ['2025-01', ['2025-01-10T10:01:00Z', '2025-01-10T10:01:29Z']],
      // ...a click at 10:01:00 and a second at 10:01:35 are two.
      ['2025-02', ['2025-02-10T10:01:00Z', '2025-02-10T10:01:35Z']],
      // At most 30 s between the two is one action.
      ['2025-03', ['2025-03-10T10:01:00Z', '2025-03-10T10:01:30Z']],
      // Further requests within 30 s of the one kept are treated alike: a run 20 s apart is one
      // action however long it lasts, and the next, 31 s after its last, another.
      ['2025-04', ['2025-04-10T10:00:00Z', '2025-04-10T10:00:20Z', '2025-04-10T10:00:40Z', '2025-04-10T10:01:00Z', '2025-04-10T10:01:31Z']],
      // The later request is the one kept: a double click across a month's end counts in the new month.
      ['2025-06', ['2025-05-31T23:59:50Z', '2025-06-01T00:00:10Z']],
    ];
    examples.forEach(([, times], k) => {
      for (const t of times) app.stats.receive({ journalId: J, target, ip: `10.1.0.${k}`, ua: CHROME, ts: Date.parse(t) });
    });
    const months = async () => new Map((await app.repos.stats.byArticles(J, [id])).get(id)!.map((m) => [m.month, m.downloads]));
    const want = new Map([['2025-01', 1], ['2025-02', 2], ['2025-03', 1], ['2025-04', 2], ['2025-06', 1]]);
    const seen = await until(months, (m) => [...want].every(([k, n]) => m.get(k) === n));
    expect([...want.keys()].map((k) => [k, seen.get(k)])).toEqual([...want]);
    // Nothing stays counted in the month of the request that was replaced.
    expect(seen.get('2025-05') ?? 0).toBe(0);
  });

  it('shows totals to the public only under the journal flag, and per article and month to the admin', async () => {
    const pub = await request(app.url).get('/api/archives/ref/501/stats').set({ 'x-journal-id': J });
    expect(pub.status).toBe(200);
    // 3 from the 100 requests, 7 from COUNTER's examples.
    expect(pub.body).toEqual({ views: 2, downloads: 10 });
    const token = staffToken(J);
    const adm = await request(app.url).get('/api/admin/stats/2026/4/2').set({ 'x-journal-id': J, authorization: `Bearer ${token}` });
    expect(adm.status).toBe(200);
    expect(adm.body).toEqual(expect.objectContaining({ views: 2, downloads: 10 }));
    expect(adm.body.articles).toEqual([expect.objectContaining({ refnumber: '501', views: 2, downloads: 10 })]);
    expect(adm.body.months.map((m: { month: string }) => m.month)).toContain('2025-06');
    expect((await request(app.url).get('/api/admin/stats/2026/4/2').set({ 'x-journal-id': J })).status).toBe(401);
    await app.journals.update(J, { flags: { ...(await app.journals.findById(J))!.flags, showUsageStats: false } });
    await app.publisher.invalidate(J);
    expect((await request(app.url).get('/api/archives/ref/501/stats').set({ 'x-journal-id': J })).status).toBe(404);
  });
});

describe('the usage log as a file nginx appends to (nginx on the same machine)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jp-stats-file-'));
  const file = path.join(dir, 'usage.log');
  let app: App;
  let J: string;
  let id: string;
  let sentinel: string;
  beforeAll(async () => {
    app = await startContent({ STATS_USAGE_FILE: file, STATS_PUSH_MS: 50, STATS_FLUSH_MS: 100 } as never);
    ({ J, id, sentinel } = await setup(app, 'stats3'));
  });
  afterAll(async () => {
    await stopContent(app);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the file on a thread at the idle scheduling class: it waits for a core nothing else wants', () => {
    // Field 41 of a thread's stat is its scheduling policy (SCHED_IDLE is 5).
    const policies = threadStatField(41);
    expect(policies).toContain(5);
    // The threads answering requests keep the normal class.
    expect(policies).toContain(0);
  });

  it('binds no UDP port and counts the lines nginx writes, as it would count the datagrams', async () => {
    expect(app.usagePort).toBe(0);
    const line = (uri: string, ip: string, ua: string) =>
      `${JSON.stringify({ host: 'stats3.test', method: 'GET', uri, status: '200', ua, ip, range: '', msec: (Date.now() / 1000).toFixed(3) })}\n`;
    // As nginx writes its buffer: many lines in one write, the file created by the first.
    appendFileSync(file, line(PDF, '10.3.0.1', CHROME) + line(PDF, '10.3.0.1', CHROME) + line(PDF, '10.3.0.2', FIREFOX));
    appendFileSync(file, line(PDF, '10.3.0.9', GOOGLEBOT) + line('/archives/2026/vol4/issue2/501', '10.3.0.1', CHROME) + 'not a usage line\n');
    const c = await until(() => countsOf(app, J, id), (x) => x.downloads >= 2 && x.views >= 1);
    await drained(app, J, sentinel, (ip) => appendFileSync(file, line('/api/archives/ref/599', ip, CHROME)));
    expect(await countsOf(app, J, id)).toEqual({ downloads: 2, views: 1 });
    expect(c).toEqual({ downloads: 2, views: 1 });
  });
});

describe('a Redis outage during downloads', () => {
  const port = 31090 + Number(process.env.JP_PORT_OFFSET ?? 0);
  const dir = mkdtempSync(path.join(tmpdir(), 'jp-stats-redis-'));
  let redis: ChildProcess | null = null;
  let app: App;
  let J: string;
  let id: string;

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    const { default: Redis } = await import('ioredis');
    const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    await until(async () => probe.connect().then(() => true, () => false), (ok) => ok, 80);
    probe.disconnect();
  };
  const stopRedis = async () => {
    const p = redis!;
    redis = null;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    await startRedis();
    app = await startContent({ REDIS_URL: `redis://127.0.0.1:${port}`, STATS_PUSH_MS: 50, STATS_FLUSH_MS: 100 } as never);
    ({ J, id } = await setup(app, 'stats2'));
  });
  afterAll(async () => {
    await stopContent(app);
    if (redis) await stopRedis();
    rmSync(dir, { recursive: true, force: true });
  });

  const download = async (ip: string) => {
    // The reader's download, then nginx's usage log line for it.
    const file = await request(app.url).get(PDF).set({ 'x-journal-id': J }).buffer(true);
    expect(file.status).toBe(200);
    await hit(app, 'stats2', PDF, ip, CHROME);
  };

  it('serves every download, loses none of them and counts them once Redis is back', async () => {
    for (let i = 0; i < 20; i++) await download(`10.1.0.${i}`);
    expect((await until(() => countsOf(app, J, id), (c) => c.downloads >= 20)).downloads).toBe(20);

    await stopRedis();
    for (let i = 0; i < 30; i++) await download(`10.2.0.${i}`);
    await until(async () => app.stats.pending, (n) => n >= 30, 40);
    expect(app.stats.pending).toBe(30);
    expect((await countsOf(app, J, id)).downloads).toBe(20);

    await startRedis();
    const after = await until(() => countsOf(app, J, id), (c) => c.downloads >= 50);
    expect(after.downloads).toBe(50);
    expect(app.stats.pending).toBe(0);
  });
});
