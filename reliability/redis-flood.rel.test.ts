/**
 * An anonymous flood against Redis, through the whole stack (nginx → gateway → services): thousands
 * of reads under made-up query strings and made-up article refs, on two journals, twice. Every key
 * the flood leaves in either Redis expires, a journal's edge records stay within their caps, Redis's
 * memory stays flat from the first wave to the second, sign-ins keep working, and a settings save
 * after it is fresh for readers at once.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { edgeRedisUrl, serverEnv } from '../scripts/stack';
import { call, login, report, startRelStack, until } from './rel-stack';
import { bearer, publicCatalogue, tokenFor } from './rel-helpers';

jest.setTimeout(600_000);

/** Small caps, so that two waves of the flood overflow them many times over. */
const CAPS = { EDGE_KEYS_LINKED_MAX: '2000', EDGE_KEYS_OTHER_MAX: '400' };
const WAVE = 3000;
const CHEM = 'chem.localhost';

let s: Awaited<ReturnType<typeof startRelStack>>;
let main: Redis;
let edge: Redis;
let demo: string;
let chem: string;
const prefix = 'rel-flood:';

beforeAll(async () => {
  // The edge Redis keeps its data across runs: this suite's records of an earlier run go first.
  await dropEdgeRecords(new Redis(edgeRedisUrl() || serverEnv().REDIS_URL));
  s = await startRelStack('flood', 20600, 20680, 1, CAPS);
  demo = s.journals.find((j) => j.hosts.includes('localhost'))!.id;
  chem = s.journals.find((j) => j.hosts.includes(CHEM))!.id;
  main = new Redis(serverEnv().REDIS_URL);
  // The edge records' own Redis (scripts/provision.sh starts it; '' would mean the main one).
  edge = new Redis(edgeRedisUrl() || serverEnv().REDIS_URL);
}, 180_000);
afterAll(async () => {
  await s?.stack.stop();
  if (edge) await dropEdgeRecords(edge);
  main?.disconnect();
});

/** Removes this suite's edge records from a Redis, then lets it go. */
async function dropEdgeRecords(r: Redis) {
  for await (const keys of r.scanStream({ match: `${prefix}edge:*`, count: 1000 }) as AsyncIterable<string[]>) if (keys.length) await r.del(...keys);
  r.disconnect();
}

/** Every key of this stack in a Redis, with its time to live (-1: none). */
async function keysOf(r: Redis): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const keys of r.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
    const p = r.pipeline();
    for (const k of keys) p.pttl(k);
    const ttls = (await p.exec()) ?? [];
    keys.forEach((k, i) => out.set(k, Number(ttls[i]?.[1])));
  }
  return out;
}

const usedMemory = async (r: Redis) => Number(/^used_memory:(\d+)/m.exec(await r.info('memory'))![1]);

/** What the flood left: memory, key counts, keys without a lifetime, each journal's records. */
async function snapshot() {
  const [mainKeys, edgeKeys] = [await keysOf(main), await keysOf(edge)];
  const scope = (j: string, kind: string) => edge.zcard(`${prefix}edge:scope:${j}:${kind}`);
  return {
    mainUsed: await usedMemory(main),
    edgeUsed: await usedMemory(edge),
    mainKeys: mainKeys.size,
    edgeKeys: edgeKeys.size,
    mainNoTtl: [...mainKeys].filter(([, t]) => t === -1).map(([k]) => k),
    edgeNoTtl: [...edgeKeys].filter(([, t]) => t === -1).map(([k]) => k),
    records: {
      demo: { linked: await scope(demo, 'linked'), other: await scope(demo, 'other') },
      chem: { linked: await scope(chem, 'linked'), other: await scope(chem, 'other') },
    },
  };
}

/** Runs the requests 16 at a time over kept-alive connections; the statuses seen, counted. */
async function flood(paths: { path: string; host?: string }[]): Promise<Record<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const { path, host } = paths[next++]!;
      const r = await call(`${s.base}${path}`, { host, agent, timeoutMs: 30_000 });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  return statuses;
}

const junk = () => randomBytes(60).toString('base64url');

/** One wave: unique query strings on settings, search and an article page, made-up refs and pages (404s) and issues (empty lists), on both journals. */
function wave(articlePage: string): { path: string; host?: string }[] {
  const out: { path: string; host?: string }[] = [];
  for (let i = 0; i < WAVE; i++) {
    const q = `${i}-${junk()}`;
    switch (i % 7) {
      case 0: out.push({ path: `/api/settings/?utm=${q}` }); break;
      case 1: out.push({ path: `/api/archives/ref/MADEUP-${q}?x=${junk()}` }); break;
      case 2: out.push({ path: `/api/search?keyword=${q}` }); break;
      case 3: out.push({ path: `${articlePage}?ref=${q}` }); break;
      case 4: out.push({ path: `/archives/2025/vol1/issue1/MADEUP-${q}` }); break;
      // An issue that does not exist: an empty list (200), never recorded.
      case 5: out.push({ path: `/api/archives/${i}/1/${i}` }); break;
      default: out.push({ path: `/api/settings/?utm=${q}`, host: CHEM });
    }
  }
  return out;
}

describe('a flood of made-up reads against Redis', () => {
  it('leaves every key with a lifetime, each journal within its caps, memory flat, sign-ins working and writes fresh', async () => {
    const token = await tokenFor(s.base);
    const { articles } = await publicCatalogue(s.base);
    const a = articles[0]!;
    const page = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
    // The pages readers really read, recorded before the flood.
    for (const p of ['/', page, '/api/settings/', `/api/archives/ref/${a.refnumber}`]) expect((await call(`${s.base}${p}`)).status).toBe(200);
    // A settings save before the flood, to compare with the one after it (printed, never asserted).
    const save = async (websitename: string) => {
      const t0 = performance.now();
      const r = await call(`${s.base}/api/settings`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ websitename }) });
      return { status: r.status, ms: Math.round(performance.now() - t0) };
    };
    const saveBefore = await save(`Before ${Date.now()}`);
    const before = await snapshot();

    const first = await flood(wave(page));
    const afterFirst = await snapshot();
    // The second wave, with sign-ins alongside.
    const logins = Promise.all(Array.from({ length: 5 }, () => login(s.base)));
    const second = await flood(wave(page));
    const signIns = (await logins).map((r) => r.status);
    const afterSecond = await snapshot();

    // A settings save after the flood: answered once nginx was purged, and fresh for readers.
    const name = `Flooded ${Date.now()}`;
    const saveAfter = await save(name);
    // A save answers once stored and the caches follow from the purge queue: readers get it within the freshness bound.
    const read = async () => (await call(`${s.base}/api/settings/`)).json().websitename as string;
    const seen = await until(read, (v) => v === name, 10_000);
    const pageRecord = await edge.zscore(`${prefix}edge:scope:${demo}:linked`, `gzip|localhost${page}`);
    const otherRecords = await edge.zrange(`${prefix}edge:scope:${demo}:other`, 0, -1);

    const mb = (n: number) => Math.round((n / 2 ** 20) * 100) / 100;
    report('Redis flood', {
      requestsPerWave: WAVE,
      statuses: { first, second },
      caps: CAPS,
      records: { before: before.records, afterFirst: afterFirst.records, afterSecond: afterSecond.records },
      edgeKeys: [before.edgeKeys, afterFirst.edgeKeys, afterSecond.edgeKeys],
      mainKeys: [before.mainKeys, afterFirst.mainKeys, afterSecond.mainKeys],
      edgeUsedMB: [mb(before.edgeUsed), mb(afterFirst.edgeUsed), mb(afterSecond.edgeUsed)],
      mainUsedMB: [mb(before.mainUsed), mb(afterFirst.mainUsed), mb(afterSecond.mainUsed)],
      keysWithoutTtl: { edge: afterSecond.edgeNoTtl.length, mainNew: afterSecond.mainNoTtl.filter((k) => !before.mainNoTtl.includes(k)) },
      signIns,
      settingsSave: { before: saveBefore, after: saveAfter, fresh: seen === name },
    });

    // Every edge key expires; the flood made no key without a lifetime in the main Redis either.
    expect(afterFirst.edgeNoTtl).toEqual([]);
    expect(afterSecond.edgeNoTtl).toEqual([]);
    expect(afterSecond.mainNoTtl.filter((k) => !before.mainNoTtl.includes(k))).toEqual([]);
    // Each journal within its caps; the query strings never pushed out the pages' records.
    for (const j of [afterFirst, afterSecond]) {
      for (const r of Object.values(j.records)) {
        expect(r.linked).toBeLessThanOrEqual(Number(CAPS.EDGE_KEYS_LINKED_MAX));
        expect(r.other).toBeLessThanOrEqual(Number(CAPS.EDGE_KEYS_OTHER_MAX));
      }
    }
    expect(afterSecond.records.demo.other).toBe(Number(CAPS.EDGE_KEYS_OTHER_MAX));
    expect(pageRecord).not.toBeNull();
    // Parameters no route reads (utm, ref, x) are in no key: the settings and the article page keep
    // their one record, and the other records are searches' keywords alone.
    expect(otherRecords.filter((k) => !k.startsWith('gzip|localhost/api/search?keyword='))).toEqual([]);
    // Made-up paths (404s, issues that do not exist) leave no record: the pages' records are all there were.
    expect(afterSecond.records.demo.linked).toBe(before.records.demo.linked);
    // Flat: the second wave, as large as the first, adds no keys and (within allocator noise) no memory.
    expect(afterSecond.edgeKeys).toBeLessThanOrEqual(afterFirst.edgeKeys + 10);
    expect(afterSecond.edgeUsed - afterFirst.edgeUsed).toBeLessThan(2 * 2 ** 20);
    expect(afterSecond.mainUsed - afterFirst.mainUsed).toBeLessThan(2 * 2 ** 20);
    // Nothing but 200s and the made-up refs' 404s: no 5xx, no refusal.
    for (const st of [first, second]) expect(Object.keys(st).map(Number).filter((c) => c !== 200 && c !== 404)).toEqual([]);
    expect(signIns.every((c) => c === 200)).toBe(true);
    expect([saveBefore.status, saveAfter.status]).toEqual([200, 200]);
    expect(seen).toBe(name);
  });
});
