/**
 * The map of nginx cache keys by tag against the real Redis: whatever readers ask for, every key
 * it writes expires, and a journal's records stay within their caps, dropped oldest first from
 * every set they are in.
 */
import { testServers, uniqueName, until } from '@journal/testing';
import { EdgeKeyMap, isLinkedEdgeKey } from '../src/edge-keys';
import { createRedis, type Redis } from '../src/redis';

let redis: Redis;
beforeAll(() => {
  redis = createRedis(testServers().redisUrl, { enableOfflineQueue: true });
});
afterAll(() => redis.disconnect());

/** Every key under the prefix with its time to live (-1: none). */
async function keysWithTtl(prefix: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
    for (const k of keys) out.set(k, await redis.ttl(k));
  }
  return out;
}

async function dropPrefix(prefix: string) {
  const keys = [...(await keysWithTtl(prefix)).keys()];
  if (keys.length) await redis.del(...keys);
}

const J = 'a'.repeat(24);
const tagJ = `j${J}`;
const tagA = (ref: string) => `j${J}-a${ref}`;

describe('EdgeKeyMap', () => {
  let prefix: string;
  beforeEach(() => {
    prefix = `${uniqueName('ek')}:`;
  });
  afterEach(() => dropPrefix(prefix));

  it('gives the keys an earlier release left without an expiry one, once', async () => {
    await redis.zadd(`${prefix}edge:tag:${tagJ}`, Date.now(), 'gzip|j.test/old');
    await redis.zadd(`${prefix}edge:tag:${tagA('X')}`, Date.now(), 'gzip|j.test/x');
    await redis.expire(`${prefix}edge:tag:${tagA('X')}`, 100);
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600 });
    expect(await keys.expireUnbounded()).toBe(1);
    expect(await redis.ttl(`${prefix}edge:tag:${tagJ}`)).toBeGreaterThan(3600);
    expect(await redis.ttl(`${prefix}edge:tag:${tagA('X')}`)).toBeLessThanOrEqual(100);
    expect(await keys.expireUnbounded()).toBe(0);
  });

  it('tells the keys links lead to from the endless ones', () => {
    expect(isLinkedEdgeKey('gzip|j.test/')).toBe(true);
    expect(isLinkedEdgeKey('br|j.test/archives/2025/vol1/issue1/A-1')).toBe(true);
    expect(isLinkedEdgeKey('gzip|j.test/api/search?keyword=soil')).toBe(false);
    expect(isLinkedEdgeKey('gzip|j.testhttp://j.test:1234/api/settings')).toBe(false);
    expect(isLinkedEdgeKey('gzip|j.test//x')).toBe(false);
  });

  it('gives every key it writes a lifetime from the first write on', async () => {
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, batchMs: 1 });
    await keys.record('gzip|j.test/api/settings', [tagJ, `${tagJ}-h`], Date.now(), J);
    await keys.record('gzip|j.test/api/settings?x=1', [tagJ, `${tagJ}-h`], Date.now(), J);
    const ttls = await keysWithTtl(prefix);
    // Two tag sets, the scope's two record sets and its tags hash.
    expect([...ttls.keys()].sort()).toEqual(
      [`edge:scope:${J}:linked`, `edge:scope:${J}:other`, `edge:scope:${J}:tags`, `edge:tag:${tagJ}`, `edge:tag:${tagJ}-h`].map((k) => prefix + k).sort(),
    );
    for (const [k, ttl] of ttls) expect([k, ttl > 3600 && ttl <= 3660]).toEqual([k, true]);
  });

  it('keeps a journal within its caps, the oldest dropped first from every tag; query strings never push out linked keys', async () => {
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, maxLinked: 50, maxOther: 100, batchMs: 5 });
    const now = Date.now();
    // The journal's pages, then a flood of made-up query strings on one of them and of absolute-form targets.
    await Promise.all(Array.from({ length: 40 }, (_, i) => keys.record(`gzip|j.test/p${i}`, [tagJ, tagA(`R${i}`)], now + i, J)));
    await Promise.all(
      Array.from({ length: 3000 }, (_, i) =>
        keys.record(i % 2 ? `gzip|j.test/p1?q=${i}` : `gzip|j.testhttp://j.test:${10000 + i}/p1`, [tagJ, tagA('R1')], now + 100 + i, J),
      ),
    );
    const ofJournal = await keys.keysOf([tagJ]);
    expect(ofJournal).toHaveLength(140);
    // Every page is still there; of the flood, its newest 100.
    for (let i = 0; i < 40; i++) expect(ofJournal).toContain(`gzip|j.test/p${i}`);
    expect(ofJournal[0]).toBe('gzip|j.test/p1?q=2999');
    expect(await keys.keysOf([tagA('R1')])).toHaveLength(101);
    expect(await redis.zcard(`${prefix}edge:scope:${J}:other`)).toBe(100);
    expect(await redis.hlen(`${prefix}edge:scope:${J}:tags`)).toBe(140);
    // More pages than the cap: the least recently filled go, from the article's tag too.
    await Promise.all(Array.from({ length: 20 }, (_, i) => keys.record(`gzip|j.test/q${i}`, [tagJ, tagA(`Q${i}`)], now + 5000 + i, J)));
    const linked = await redis.zrange(`${prefix}edge:scope:${J}:linked`, 0, -1);
    expect(linked).toHaveLength(50);
    expect(linked).not.toContain('gzip|j.test/p0');
    expect(await keys.keysOf([tagA('R0')])).toEqual([]);
    expect(await redis.exists(`${prefix}edge:tag:${tagA('R0')}`)).toBe(0);
    expect(await redis.hlen(`${prefix}edge:scope:${J}:tags`)).toBe(150);
  });

  it('keeps keys dropped over the caps for the purger up to their own cap: past it records stay over the caps, and endless keys are not recorded meanwhile', async () => {
    const scope = 'e'.repeat(24);
    const map = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, maxOther: 2, maxDropped: 2 });
    const key = (i: number) => `gzip|cap.test/api/search/?keyword=c${i}`;
    const now = Date.now();
    await Promise.all([1, 2, 3, 4, 5, 6].map((i) => map.record(key(i), [`j${scope}`], now + i, scope)));
    // Two dropped (the oldest), the four others kept over the cap of two: every key purgeable.
    expect(await map.droppedOf(scope)).toEqual([
      [key(1), now + 1],
      [key(2), now + 2],
    ]);
    expect((await map.keysOf([`j${scope}`])).sort()).toEqual([3, 4, 5, 6].map(key).sort());
    // A further search of the journal is answered not storable long (see EdgeAnswers.prepare); a page links lead to, and another journal, are recorded.
    expect(map.accepts(key(7), [`j${scope}`], scope)).toBe(false);
    expect(map.accepts('gzip|cap.test/about', [`j${scope}`], scope)).toBe(true);
    expect(map.accepts(key(7), [tagJ], J)).toBe(true);

    // Once the purger has drained them, searches are recorded again and the next two oldest drop.
    await map.forgetDropped(scope, await map.droppedOf(scope));
    await until(() => map.accepts(key(7), [`j${scope}`], scope), 'room again');
    await map.record(key(7), [`j${scope}`], now + 7, scope);
    expect((await map.droppedOf(scope)).map(([k]) => k)).toEqual([key(3), key(4)]);
    expect((await map.keysOf([`j${scope}`])).sort()).toEqual([5, 6, 7].map(key).sort());
    // A dropped key read and stored again is recorded again, no longer waiting to be purged.
    await map.record(key(3), [`j${scope}`], now + 8, scope);
    expect((await map.droppedOf(scope)).map(([k]) => k)).toEqual([key(4), key(5)]);
  });

  it('drops records older than the answers’ lifetime at the next write, from every tag', async () => {
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 60, batchMs: 1 });
    const now = Date.now();
    await keys.record('gzip|j.test/old', [tagJ, tagA('OLD')], now - 120_000, J);
    await keys.record('gzip|j.test/new', [tagJ, tagA('NEW')], now, J);
    expect(await keys.keysOf([tagJ])).toEqual(['gzip|j.test/new']);
    expect(await keys.keysOf([tagA('OLD')])).toEqual([]);
    expect(await redis.hkeys(`${prefix}edge:scope:${J}:tags`)).toEqual(['gzip|j.test/new']);
  });

  it('records nothing for a key longer than the longest kept or an answer naming too many tags', async () => {
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, maxKeyLength: 100, maxTags: 3, batchMs: 1 });
    const long = `gzip|j.test/p?${'x'.repeat(100)}`;
    expect(keys.accepts(long, [tagJ])).toBe(false);
    expect(keys.accepts('gzip|j.test/p', [tagJ, 'a', 'b', 'c'])).toBe(false);
    expect(keys.accepts('gzip|j.test/p', [])).toBe(false);
    expect(keys.accepts('gzip|j.test/p', [tagJ])).toBe(true);
    await keys.record(long, [tagJ], Date.now(), J);
    await keys.record('gzip|j.test/p', [tagJ, 'a', 'b', 'c'], Date.now(), J);
    expect((await keysWithTtl(prefix)).size).toBe(0);
  });

  it('forgets a purged key in its journal and under every tag it was recorded with, unless it was filled again since', async () => {
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, batchMs: 1, scopeOf: () => J });
    const at = Date.now();
    await keys.record('gzip|j.test/a', [tagJ, tagA('A')], at);
    await keys.record('gzip|j.test/b?x', [tagJ, tagA('B')], at);
    await keys.record('gzip|j.test/c', [tagJ], at);
    // A purge of the article's tag purged /a; /c was filled again after the purge read it.
    await keys.record('gzip|j.test/c', [tagJ], at + 10);
    await keys.forget([tagA('A')], [['gzip|j.test/a', at], ['gzip|j.test/b?x', at], ['gzip|j.test/c', at]]);
    expect(await keys.keysOf([tagJ])).toEqual(['gzip|j.test/c']);
    expect(await keys.keysOf([tagA('A')])).toEqual([]);
    expect(await keys.keysOf([tagA('B')])).toEqual([]);
    expect((await redis.hkeys(`${prefix}edge:scope:${J}:tags`)).sort()).toEqual(['gzip|j.test/c']);
    expect(await redis.zcard(`${prefix}edge:scope:${J}:other`)).toBe(0);
  });

  it('writes the records of several journals that come together in one go, each within its own caps', async () => {
    const K = 'b'.repeat(24);
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, maxOther: 10, batchMs: 20 });
    const now = Date.now();
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 ? keys.record(`gzip|j.test/s?q=${i}`, [tagJ], now + i, J) : keys.record(`gzip|k.test/s?q=${i}`, [`j${K}`], now + i, K))),
    );
    expect(await redis.zcard(`${prefix}edge:scope:${J}:other`)).toBe(10);
    expect(await redis.zcard(`${prefix}edge:scope:${K}:other`)).toBe(10);
    expect(await keys.keysOf([tagJ])).toEqual(Array.from({ length: 10 }, (_, i) => `gzip|j.test/s?q=${299 - 2 * i}`));
  });

  it('keeps of a key recorded many times in one batch (written once) its newest time and every tag it was recorded with', async () => {
    const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 3600, batchMs: 20, scopeOf: () => J });
    const now = Date.now();
    await Promise.all([
      ...Array.from({ length: 25 }, (_, i) => keys.record('gzip|j.test/a', [tagJ, tagA('A')], now + i)),
      keys.record('gzip|j.test/a', [tagJ, tagA('B')], now + 3),
      keys.record('gzip|j.test/c', [tagJ], now),
    ]);
    expect(await redis.zrange(`${prefix}edge:scope:${J}:linked`, 0, -1, 'WITHSCORES')).toEqual(['gzip|j.test/c', String(now), 'gzip|j.test/a', String(now + 24)]);
    expect((await redis.hget(`${prefix}edge:scope:${J}:tags`, 'gzip|j.test/a'))!.split(' ').sort()).toEqual([tagJ, tagA('A'), tagA('B')].sort());
    expect(await keys.keysOf([tagA('B')])).toEqual(['gzip|j.test/a']);
  });
});
