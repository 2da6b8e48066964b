/**
 * A read the gateway stamped with the content feed's version (CONTENT_VERSION_HEADER) is answered
 * only once this process has applied that version: a write announced by another replica whose
 * message has not come here (late, or lost) is never answered from what this process held before
 * it, so nginx never stores such an answer for a key whose purge is already over.
 */
import { CONTENT_CHANGE_FEED, CONTENT_VERSION_HEADER, changeVersionKey, createLogger } from '@journal/server-kit';
import { ChangePublisher } from '../src/views/change-publisher';
import type { ViewChange } from '../src/views/view-cache';
import { makeJournal, publicGet, startContent, stopContent, type TestContentApp } from './helpers';

let a: TestContentApp;
let b: TestContentApp;

beforeAll(async () => {
  a = await startContent();
  b = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
}, 60_000);
afterAll(async () => {
  await b?.stop();
  await stopContent(a);
});

test('a read stamped after another replica announced a write waits for it, its message never come', async () => {
  const J = await makeJournal(a, 'feedver');
  const name = async (headers: Record<string, string> = {}) => ((await publicGet(a, J, '/api/settings/').set(headers).expect(200)).body as { websitename: string }).websitename;
  expect(await name()).toBe('Journal feedver');
  // Replica b renames the journal and announces it as the feed does (version counted, change
  // logged), the message to the other replicas left out: a reaches it only through the log.
  const { redis } = b.deps;
  const prefix = a.config.REDIS_PREFIX;
  let announced = 0;
  const silent = async (journalId: string, changes: ViewChange[]) => {
    announced = await redis.incr(changeVersionKey(prefix, CONTENT_CHANGE_FEED, journalId));
    await redis.zadd(`${prefix}${CONTENT_CHANGE_FEED}:log:${journalId}`, announced, `${announced}|${JSON.stringify(changes)}`);
  };
  const publisher = new ChangePublisher(b.deps.views, silent, createLogger('feed-version-test', 'silent'));
  await b.deps.repos.journals.update(J, { websitename: 'Journal renamed' });
  await publisher.changed(J, [{ t: 'journal' }]);
  expect(announced).toBeGreaterThan(0);
  // Unstamped, a answers from what it holds (the gateway's check after the read keeps such an
  // answer out of nginx); stamped with the version, it applies the write first.
  expect(await name()).toBe('Journal feedver');
  expect(await name({ [CONTENT_VERSION_HEADER]: String(announced) })).toBe('Journal renamed');
  expect(await name()).toBe('Journal renamed');
  // A version beyond any announced one is waited for a bounded time only, then answered.
  expect(await name({ [CONTENT_VERSION_HEADER]: String(announced + 1000) })).toBe('Journal renamed');
});
