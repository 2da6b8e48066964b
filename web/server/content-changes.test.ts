import { CONTENT_CHANGE_FEED, createBlockingRedis, createLogger, createRedis, publishChange, type Redis } from '@journal/server-kit';
import { newObjectId, testServers, uniqueName } from '@journal/testing';
import { eventually } from '@journal/testing/waiting';
import { ContentChanges } from './content-changes';

/** The render process following the content service's change feed, on the real Redis. */
describe('content changes followed by the render process', () => {
  const logger = createLogger('render-test', 'silent');
  let redis: Redis;
  let subscriber: Redis;
  let prefix: string;
  let changes: ContentChanges;
  const opened: Redis[] = [];

  beforeEach(async () => {
    prefix = `${uniqueName('rc')}:`;
    redis = createRedis(testServers().redisUrl);
    subscriber = createBlockingRedis(testServers().redisUrl);
    opened.push(redis, subscriber);
    // Request-path clients queue nothing while connecting.
    await eventually(() => expect(redis.status).toBe('ready'));
    changes = new ContentChanges({ redis, subscriber, prefix, logger, pollMs: 60_000 });
    await changes.start();
  });
  afterEach(() => {
    changes.stop();
    for (const r of opened.splice(0)) r.disconnect();
  });

  /** The journal's generation once it is followed (asking for it starts following it). */
  const followed = (c: ContentChanges, journalId: string) =>
    eventually(() => {
      const g = c.generation(journalId);
      expect(g).toBeDefined();
      return g!;
    });

  /** A write of the journal as the content service announces it. */
  const write = (journalId: string) => publishChange(redis, { prefix, name: CONTENT_CHANGE_FEED }, journalId, [{ t: 'views', ids: ['x'] }]);

  test('a journal is followed from its first read; each announced write gives it a new generation', async () => {
    const j = newObjectId();
    expect(changes.generation(j)).toBeUndefined();
    const first = await followed(changes, j);
    expect(changes.generation(j)).toBe(first);
    await write(j);
    const second = await eventually(() => {
      const g = changes.generation(j);
      expect(g).not.toBe(first);
      return g!;
    });
    // Another journal's write leaves it alone.
    const other = newObjectId();
    await followed(changes, other);
    await write(other);
    await eventually(() => expect(changes.stats.changes).toBe(2));
    expect(changes.generation(j)).toBe(second);
  });

  test('a page may be sent as held only at the generation its stamp\'s feed version is applied in', async () => {
    const j = newObjectId();
    await write(j);
    const g = await followed(changes, j);
    expect([changes.currentAt(j, 0), changes.currentAt(j, 1)]).toEqual([g, g]);
    // A write announced (the request's stamp names it) whose message has not been applied here.
    await redis.incr(`${prefix}${CONTENT_CHANGE_FEED}:ver:${j}`);
    expect(changes.currentAt(j, 2)).toBeUndefined();
    // Not followed yet: nothing is held.
    expect(changes.currentAt(newObjectId(), 0)).toBeUndefined();
  });

  test('writes made before the journal was followed count: its version is read first', async () => {
    const j = newObjectId();
    await write(j);
    await write(j);
    const g = await followed(changes, j);
    // Versions 1 and 2 were before: the next write is the one that moves it on.
    await write(j);
    await eventually(() => expect(changes.generation(j)).not.toBe(g));
    expect(changes.stats.changes).toBe(1);
  });

  test('a missed message is found by the poll and moves the journal on', async () => {
    const sub = createBlockingRedis(testServers().redisUrl);
    opened.push(sub);
    const polling = new ContentChanges({ redis, subscriber: sub, prefix, logger, pollMs: 50 });
    await polling.start();
    try {
      const j = newObjectId();
      const g = await followed(polling, j);
      // The counter moves without a message: a write announced while nobody was listening.
      await redis.incr(`${prefix}${CONTENT_CHANGE_FEED}:ver:${j}`);
      await eventually(() => expect(polling.generation(j)).not.toBe(g));
    } finally {
      polling.stop();
    }
  });

  test('while the subscription is down nothing is reused; followed again after, with generations never given before', async () => {
    const j = newObjectId();
    const before = await followed(changes, j);
    subscriber.disconnect(true);
    await eventually(() => expect(changes.generation(j)).toBeUndefined());
    await eventually(() => expect(subscriber.status).toBe('ready'));
    const after = await followed(changes, j);
    expect(after).not.toBe(before);
    // And it follows writes again.
    await write(j);
    await eventually(() => expect(changes.generation(j)).not.toBe(after));
  });
});
