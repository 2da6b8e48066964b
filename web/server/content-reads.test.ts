import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { emptySettingsText, journalFlagsSchema } from '@journal/contracts';
import { eventually, gate } from '@journal/testing/waiting';
import { CONTENT_CHANGE_FEED, CONTENT_VERSION_HEADER, changeVersionKey, createBlockingRedis, createLogger, createRedis, publishChange } from '@journal/server-kit';
import { testServers, uniqueName } from '@journal/testing';
import { ContentChanges } from './content-changes';
import { ContentReads, type RequestFacts } from './content-reads';

/** A settings answer as the content service sends it, named `websitename`. */
const settingsAnswer = (websitename: string) => ({ ...emptySettingsText(), websitename, flags: journalFlagsSchema.parse({}), asset_urls: {} });

/**
 * A stand-in content service on a real port: settings by version, ETags, 304s, every request
 * counted; while `held` is set, answers wait for it (the version is the one of the request's arrival).
 */
function contentService() {
  const state: { version: number; hits: number; notModified: number; held: Promise<void> | null; stamps: (string | undefined)[] } = { version: 1, hits: 0, notModified: 0, held: null, stamps: [] };
  const server = http.createServer((req, res) => {
    state.hits++;
    state.stamps.push(req.headers[CONTENT_VERSION_HEADER] as string | undefined);
    const version = state.version;
    const etag = `"v${version}"`;
    const answer = () => {
      if (req.headers['if-none-match'] === etag) {
        state.notModified++;
        res.writeHead(304, { etag }).end();
        return;
      }
      // An issue's list (empty: its version is in the ETag only), else the settings.
      const body = req.url?.startsWith('/api/archives/2') ? [] : settingsAnswer(`Journal v${version}`);
      res.writeHead(200, { 'content-type': 'application/json', etag }).end(JSON.stringify(body));
    };
    if (state.held) void state.held.then(answer);
    else answer();
  });
  return {
    state,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const facts = (fresh: boolean): RequestFacts => ({ journalId: '6b03df2b529aaa24f1032f16', journalHost: 'localhost', clientIp: '127.0.0.1', requestId: 'r', fresh });

describe('render process content reads', () => {
  const content = contentService();
  let url = '';
  let reads: ContentReads;
  beforeAll(async () => {
    url = await content.start();
  });
  afterAll(() => content.stop());
  beforeEach(() => {
    Object.assign(content.state, { version: 1, hits: 0, notModified: 0, held: null, stamps: [] });
    reads = new ContentReads(url, 60_000, 5000);
  });
  afterEach(() => reads.close());

  test('a reader without a recent write gets the journal-wide answer reused', async () => {
    expect((await reads.forRequest(facts(false)).settings()).websitename).toBe('Journal v1');
    content.state.version = 2;
    expect((await reads.forRequest(facts(false)).settings()).websitename).toBe('Journal v1');
    expect(content.state.hits).toBe(1);
  });

  test('a reader who has just written sees the write at once; unchanged answers come back as 304s', async () => {
    const first = await reads.forRequest(facts(false)).settings();
    const again = await reads.forRequest(facts(true)).settings();
    expect(again).toBe(first);
    expect(content.state.notModified).toBe(1);
    content.state.version = 2;
    expect((await reads.forRequest(facts(true)).settings()).websitename).toBe('Journal v2');
    // and the others get the newer answer from then on
    expect((await reads.forRequest(facts(false)).settings()).websitename).toBe('Journal v2');
  });

  test('readers who have just written and come while a check is on its way share the next one', async () => {
    await reads.forRequest(facts(false)).settings();
    content.state.hits = 0;
    const held = gate();
    content.state.held = held.passed;
    const early = reads.forRequest(facts(true)).settings();
    // The write lands while the first check is on its way (the service has it, its answer is
    // held): the readers who come now must see it.
    await eventually(() => expect(content.state.hits).toBe(1));
    content.state.version = 2;
    const late = Array.from({ length: 20 }, () => reads.forRequest(facts(true)).settings());
    held.open();
    const answers = await Promise.all(late);
    expect(answers.every((a) => a.websitename === 'Journal v2')).toBe(true);
    expect((await early).websitename).toBe('Journal v1');
    // one check for the early reader, one shared by the twenty
    expect(content.state.hits).toBe(2);
  });

  test('pages of one issue share a check begun after they came, and never one begun before', async () => {
    await reads.forRequest(facts(false)).issue(2026, 7, 4);
    const answers = gate();
    Object.assign(content.state, { hits: 0, notModified: 0, held: answers.passed });
    const early = reads.forRequest(facts(false)).issue(2026, 7, 4);
    // The early page's check has reached the service and its answer is held.
    await eventually(() => expect(content.state.hits).toBe(1));
    // Readers without a recent write too: an issue or an article is checked for every page.
    const late = Array.from({ length: 20 }, (_, i) => reads.forRequest(facts(i % 2 === 0)).issue(2026, 7, 4));
    answers.open();
    await Promise.all([early, ...late]);
    // one check for the early page, one shared by the twenty that came while it was on its way
    expect(content.state.hits).toBe(2);
    expect(content.state.notModified).toBe(2);
    // and a page that comes after both is checked again
    await reads.forRequest(facts(false)).issue(2026, 7, 4);
    expect(content.state.hits).toBe(3);
  });

  test('with the change feed followed, a read is reused unchecked until a write of its journal is announced', async () => {
    // What the follower says of the journal (ContentChanges is tested on the real Redis).
    const follower = { current: 1 as number | undefined, generation: () => follower.current, reached: () => true as const };
    const held = new ContentReads(url, 60_000, 5000, undefined, follower);
    try {
      await held.forRequest(facts(true)).issue(2026, 7, 4);
      await held.forRequest(facts(true)).settings();
      expect(content.state.hits).toBe(2);
      // Pages of readers who have just written, and of every reader of an issue: nothing asked.
      for (let i = 0; i < 10; i++) {
        await held.forRequest(facts(true)).issue(2026, 7, 4);
        expect((await held.forRequest(facts(i % 2 === 0)).settings()).websitename).toBe('Journal v1');
      }
      expect(content.state.hits).toBe(2);
      // A write is announced: the next page asks for each read once, then reuses it again.
      content.state.version = 2;
      follower.current = 2;
      expect((await held.forRequest(facts(true)).settings()).websitename).toBe('Journal v2');
      await held.forRequest(facts(true)).issue(2026, 7, 4);
      expect(content.state.hits).toBe(4);
      await held.forRequest(facts(true)).issue(2026, 7, 4);
      expect(content.state.hits).toBe(4);
      // The feed cannot be trusted (Redis away): every page checks again.
      follower.current = undefined;
      await held.forRequest(facts(true)).issue(2026, 7, 4);
      await held.forRequest(facts(true)).issue(2026, 7, 4);
      expect([content.state.hits, content.state.notModified]).toEqual([6, 2]);
    } finally {
      held.close();
    }
  });

  test('a page is told of each read its journal\'s generation does not stand for: one not kept (a search) or one that failed', async () => {
    let uncovered = 0;
    const page = () => reads.forRequest(facts(true), undefined, () => uncovered++);
    await page().settings();
    await page().issue(2026, 7, 4);
    expect(uncovered).toBe(0);
    // Searches are never kept; the stand-in answers them with settings, which the schema refuses.
    await page().search('x').catch(() => undefined);
    expect(uncovered).toBeGreaterThanOrEqual(1);
    // A kept read that fails (the stand-in's settings are no article: a bad upstream answer).
    uncovered = 0;
    await expect(page().article('1001')).rejects.toThrow();
    expect(uncovered).toBe(1);
  });

  test('a page stamped after a write was announced is never made from a read held from before it, its message late or lost', async () => {
    // The render process's real feed follower, on the real Redis; no poll meanwhile.
    const prefix = `${uniqueName('rr')}:`;
    const redis = createRedis(testServers().redisUrl);
    const subscriber = createBlockingRedis(testServers().redisUrl);
    const changes = new ContentChanges({ redis, subscriber, prefix, logger: createLogger('render-test', 'silent'), pollMs: 60_000 });
    const held = new ContentReads(url, 60_000, 5000, undefined, changes);
    const j = facts(true).journalId;
    const verKey = changeVersionKey(prefix, CONTENT_CHANGE_FEED, j);
    try {
      await eventually(() => expect(redis.status).toBe('ready'));
      await changes.start();
      await eventually(() => expect(changes.generation(j)).toBeDefined());
      expect((await held.forRequest(facts(true)).settings()).websitename).toBe('Journal v1');
      // Held: asked for once.
      await held.forRequest(facts(true)).settings();
      expect(content.state.hits).toBe(1);
      // A write: stored by the content service and announced (its version counted and logged), its
      // message not come here (late, or lost). The gateway's stamp of the next page reads the version.
      content.state.version = 2;
      const v = await redis.incr(verKey);
      await redis.zadd(`${prefix}${CONTENT_CHANGE_FEED}:log:${j}`, v, `${v}|${JSON.stringify([{ t: 'views', ids: ['x'] }])}`);
      // Unstamped, the page reuses what is held (what the gateway's after-check catches) ...
      expect((await held.forRequest(facts(true)).settings()).websitename).toBe('Journal v1');
      // ... stamped with the version, it waits for it (read from the log when its message does not
      // come) and asks again, passing the version on for the content service to wait for too.
      expect((await held.forRequest({ ...facts(true), version: v }).settings()).websitename).toBe('Journal v2');
      expect(content.state.stamps.at(-1)).toBe(String(v));
      expect(content.state.hits).toBe(2);
    } finally {
      held.close();
      changes.stop();
      redis.disconnect();
      subscriber.disconnect();
    }
  });

  test('a read begun after this process applied a write, for a page stamped before it, is not reused for a page stamped after it', async () => {
    // A content service that applies each write some time after it is announced: a read stamped
    // with a version it has not applied waits for it, any other is answered from what it has
    // applied (its settings are named after that version).
    const service = { applied: 0, waiting: [] as (() => void)[] };
    const applied = http.createServer((req, res) => {
      const asked = Number(req.headers[CONTENT_VERSION_HEADER] ?? 0);
      const answer = () => res.writeHead(200, { 'content-type': 'application/json', etag: `"v${service.applied}"` }).end(JSON.stringify(settingsAnswer(`Journal v${service.applied}`)));
      if (asked <= service.applied) answer();
      else service.waiting.push(answer);
    });
    const apply = (v: number) => {
      service.applied = v;
      for (const answer of service.waiting.splice(0)) answer();
    };
    await new Promise<void>((r) => applied.listen(0, '127.0.0.1', r));
    // The render process's real feed follower, on the real Redis.
    const prefix = `${uniqueName('rv')}:`;
    const redis = createRedis(testServers().redisUrl);
    const subscriber = createBlockingRedis(testServers().redisUrl);
    const changes = new ContentChanges({ redis, subscriber, prefix, logger: createLogger('render-test', 'silent'), pollMs: 60_000 });
    const held = new ContentReads(`http://127.0.0.1:${(applied.address() as AddressInfo).port}`, 60_000, 5000, undefined, changes);
    const j = facts(true).journalId;
    const write = async () => {
      const v = await publishChange(redis, { prefix, name: CONTENT_CHANGE_FEED }, j, [{ t: 'views', ids: ['h'] }]);
      // Applied here (this process's generation moves on) ...
      await eventually(() => expect(changes.currentAt(j, v)).toBeDefined());
      return v;
    };
    const page = (version: number) => held.forRequest({ ...facts(true), version }).settings();
    try {
      await eventually(() => expect(redis.status).toBe('ready'));
      await changes.start();
      await eventually(() => expect(changes.generation(j)).toBeDefined());
      const v1 = await write();
      apply(v1);
      expect((await page(v1)).websitename).toBe(`Journal v${v1}`);
      // A settings save: announced and applied here, not yet by the content service.
      const v2 = await write();
      // A page stamped before the save (a refresh of an earlier write's repurge, on its way when
      // it was announced) reads now: the content service answers it from before the save.
      expect((await page(v1)).websitename).toBe(`Journal v${v1}`);
      apply(v2);
      // The save's own refresh, stamped after it, must show it.
      expect((await page(v2)).websitename).toBe(`Journal v${v2}`);
      // and later pages of that version reuse it unchecked again
      expect((await page(v2)).websitename).toBe(`Journal v${v2}`);
    } finally {
      held.close();
      changes.stop();
      redis.disconnect();
      subscriber.disconnect();
      await new Promise<void>((r) => applied.close(() => r()));
    }
  });

  test('a read that was on its way when a write was announced is not reused unchecked', async () => {
    const follower = { current: 1 as number | undefined, generation: () => follower.current, reached: () => true as const };
    const held = new ContentReads(url, 60_000, 5000, undefined, follower);
    try {
      const answers = gate();
      content.state.held = answers.passed;
      const early = held.forRequest(facts(true)).settings();
      await eventually(() => expect(content.state.hits).toBe(1));
      content.state.version = 2;
      follower.current = 2;
      answers.open();
      expect((await early).websitename).toBe('Journal v1');
      content.state.held = null;
      expect((await held.forRequest(facts(true)).settings()).websitename).toBe('Journal v2');
    } finally {
      held.close();
    }
  });

  test('a kept-alive connection the content service drops as a read goes out is retried once on a new one', async () => {
    const served = new WeakMap<object, number>();
    let hits = 0;
    const dropping = http.createServer((req, res) => {
      hits++;
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      // The second request on a connection finds it closed under it.
      if (n === 2) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(JSON.stringify(settingsAnswer('Journal v1')));
    });
    await new Promise<void>((r) => dropping.listen(0, '127.0.0.1', r));
    const r = new ContentReads(`http://127.0.0.1:${(dropping.address() as AddressInfo).port}`, 60_000, 5000);
    try {
      await r.forRequest(facts(false)).settings();
      expect((await r.forRequest(facts(true)).settings()).websitename).toBe('Journal v1');
      expect(hits).toBe(3);
    } finally {
      r.close();
      await new Promise<void>((res) => dropping.close(() => res()));
    }
  });

  test('an unreachable content service is a 503 read error, and the next read tries again', async () => {
    const gone = new ContentReads('http://127.0.0.1:1', 60_000, 1000);
    await expect(gone.forRequest(facts(true)).settings()).rejects.toMatchObject({ status: 503, code: 'upstream_unavailable' });
    await expect(gone.forRequest(facts(false)).settings()).rejects.toMatchObject({ status: 503 });
    gone.close();
  });
});
