/**
 * The journals' change numbers as the gateway reads them for reads nginx stores, against the real
 * Redis: the stamps and checks asked for in one turn share one read, and a check never takes a
 * read that was on its way before it was asked for.
 */
import Redis from 'ioredis';
import { changeVersionKey, CONTENT_CHANGE_FEED, edgeChangeKey } from '@journal/server-kit';
import { testServers, uniqueName } from '@journal/testing';
import { ChangeStamps, feedVersionOf } from '../src/change-stamps';

const prefix = `${uniqueName('gwstamps')}:`;
const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
let redis: Redis;
let stamps: ChangeStamps;
/** MGETs sent (the real command, counted on its way). */
let sent = 0;

beforeAll(() => {
  redis = new Redis(testServers().redisUrl);
  const mget = redis.mget.bind(redis) as (keys: string[]) => Promise<(string | null)[]>;
  const counted = (keys: string[]) => {
    sent++;
    return mget(keys);
  };
  stamps = new ChangeStamps(Object.assign(Object.create(redis) as Redis, { mget: counted }), prefix);
});

afterAll(async () => {
  await redis.del(edgeChangeKey(prefix, A), edgeChangeKey(prefix, B), changeVersionKey(prefix, CONTENT_CHANGE_FEED, A));
  redis.disconnect();
});

it('reads every number asked for in one turn with one command, each journal its own', async () => {
  await redis.set(edgeChangeKey(prefix, A), '7');
  sent = 0;
  const got = await Promise.all([stamps.stamp(A), stamps.stamp(B), stamps.stamp(A), stamps.moved(A, '7.0'), stamps.moved(B, '3.0')]);
  expect(got).toEqual(['7.0', '0.0', '7.0', false, true]);
  expect(sent).toBe(1);
});

it('checks after a change with a read sent after the check was asked for, not the one already on its way', async () => {
  await redis.set(edgeChangeKey(prefix, A), '10');
  const first = stamps.stamp(A);
  // The first read is sent at the end of this turn; the change lands while it is on its way.
  await new Promise((r) => setImmediate(r));
  const changed = redis.incr(edgeChangeKey(prefix, A));
  const check = stamps.moved(A, '10.0');
  await changed;
  expect(await first).toBe('10.0');
  expect(await check).toBe(true);
});

it('says nothing (null) when Redis cannot answer, so the read is not stored', async () => {
  // Never connected, and no queue for commands meanwhile: every command fails at once.
  const gone = new Redis(testServers().redisUrl, { lazyConnect: true, enableOfflineQueue: false });
  gone.on('error', () => {});
  const offline = new ChangeStamps(gone, prefix);
  expect(await offline.stamp(A)).toBeNull();
  expect(await offline.moved(A, '10.0')).toBe(true);
  gone.disconnect();
});

it('keeps the number its last read gave as the stamp of the next reads, so a change since is still seen by the check', async () => {
  await redis.set(edgeChangeKey(prefix, A), '20');
  const fresh = new ChangeStamps(redis, prefix);
  expect(fresh.recent(A)).toBeUndefined();
  expect(await fresh.moved(A, '20.0')).toBe(false);
  // No round trip for the next page's stamp: the check's number stands.
  expect(fresh.recent(A)).toBe('20.0');
  expect(fresh.recent(B)).toBeUndefined();
  await redis.incr(edgeChangeKey(prefix, A));
  expect(await fresh.moved(A, fresh.recent(A)!)).toBe(true);
  expect(fresh.recent(A)).toBe('21.0');
});

it('forgets the numbers when Redis cannot answer', async () => {
  const gone = new Redis(testServers().redisUrl, { lazyConnect: true, enableOfflineQueue: false });
  gone.on('error', () => {});
  let down = false;
  const live = new ChangeStamps(Object.assign(Object.create(redis) as Redis, { mget: (keys: string[]) => (down ? gone.mget(keys) : redis.mget(keys)) }), prefix);
  expect(await live.stamp(A)).toBe('21.0');
  expect(live.recent(A)).toBe('21.0');
  down = true;
  expect(await live.moved(A, '21.0')).toBe(true);
  expect(live.recent(A)).toBeUndefined();
  gone.disconnect();
});

it('holds the change feed\'s version beside the change number: an announcement alone moves the stamp, and the version goes on with the read', async () => {
  await redis.set(edgeChangeKey(prefix, A), '30');
  await redis.set(changeVersionKey(prefix, CONTENT_CHANGE_FEED, A), '41');
  const stamp = (await stamps.stamp(A))!;
  expect([stamp, feedVersionOf(stamp)]).toEqual(['30.41', '41']);
  // A write announced to the processes holding the journal's data, its purge not numbered yet.
  await redis.incr(changeVersionKey(prefix, CONTENT_CHANGE_FEED, A));
  expect(await stamps.moved(A, stamp)).toBe(true);
});
