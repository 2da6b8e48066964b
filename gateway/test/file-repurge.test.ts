/**
 * File reads are not stamped like pages: a versioned file read begun before a staff write that
 * takes the file out of service, and reaching nginx after both of the write's purges, is stored.
 * The purger purges the write's retired files once more, EDGE_FILE_READ_MS (plus their landing
 * time) after its first purge, from a delayed job that outlives a restart of the purger; the
 * content service cuts a file read not sent whole by then, and nginx stores no cut answer.
 * Against the real content service, gateway, edge purger, Redis and an nginx from the template;
 * between the gateway and the content service a pass-through that stops reading one answer part-way
 * (the content service then waits on its socket, as a slow read would) until the test lets it go on.
 */
import { createHash } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import mongoose from 'mongoose';
import { TEST_JWT_SECRET, testServers, uniqueName, until } from '@journal/testing';
import { start as startContent, type ContentApp } from '../../services/content/src/app';
import { contentConfigSchema } from '../../services/content/src/config';
import { startEdgePurger, type EdgePurgerApp } from '../../services/content/src/edge/edge-purger';
import { edgePurgerConfigSchema } from '../../services/content/src/edge/edge-purger.config';
import { DATA, purgePortOf } from '../../scripts/stack';
import { start as startGateway, type GatewayApp } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { journalFixture } from './stack.fixture';
import { startNginx, type TestNginx } from './nginx.fixture';

const slug = uniqueName('filerepurge').replace(/_/g, '-');
const HOST = `${slug}.test`;
const NAME = `file-repurge-${process.pid}`;
const dbName = uniqueName('gwfiles');
const prefix = `${uniqueName('gwfiles')}:`;
/** Past the socket buffers between the content service and the pass-through, so the service waits. */
const SIZE = 24 * 1024 * 1024;
/** The purger's EDGE_FILE_READ_MS: its late purge of retired files comes this long plus FILE_LANDING_MS after the first. */
const PURGER_FILE_READ_MS = 3000;

let content: ContentApp;
let gateway: GatewayApp;
let nginx: TestNginx;
let purger: EdgePurgerApp;
let passThrough: http.Server;
let J: string;

/** While set, the next answer for a path starting with `path` is sent in part and held until `goOn`. */
let hold: { path: string; held: boolean; goOn: () => void } | null = null;

/** The content service's answers as they begin (node's own channel): the test sees one cut. */
const answers = new Map<string, http.ServerResponse>();
const onRequest = (m: unknown) => {
  const { request, response } = m as { request: http.IncomingMessage; response: http.ServerResponse };
  if (request.url?.startsWith('/assets/')) answers.set(request.url, response);
};

const edgePurger = () =>
  startEdgePurger(
    edgePurgerConfigSchema.parse({
      PORT: '0', LOG_LEVEL: 'silent', REDIS_URL: testServers().redisUrl, REDIS_PREFIX: prefix,
      EDGE_NGINX_PURGE_URLS: `http://127.0.0.1:${purgePortOf(nginx.port)}/purge`,
      EDGE_FILE_READ_MS: String(PURGER_FILE_READ_MS),
    }),
  );

beforeAll(async () => {
  subscribe('http.server.request.start', onRequest);
  const { mongoUrl, redisUrl } = testServers();
  // Writes are queued here; the edge purger below (its own process in production) runs them.
  content = await startContent(
    contentConfigSchema.parse({
      MONGO_URL: mongoUrl, MONGO_DB: dbName, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: TEST_JWT_SECRET, PORT: '0', LOG_LEVEL: 'silent',
      EDGE_NGINX_PURGE_URLS: 'http://127.0.0.1:9/purge', EDGE_PURGE_CONCURRENCY: '0',
    }),
  );
  J = (await content.journals.upsert(journalFixture(slug, [HOST]))).id;

  passThrough = http.createServer((req, res) => {
    const h = hold && req.url!.startsWith(hold.path) ? hold : null;
    if (h) hold = null;
    const up = http.request({ host: '127.0.0.1', port: content.port, path: req.url, method: req.method, headers: req.headers }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.on('aborted', () => res.destroy());
      upRes.on('error', () => res.destroy());
      if (!h) return void upRes.pipe(res);
      upRes.once('data', (c: Buffer) => {
        res.write(c);
        upRes.pause();
        h.goOn = () => {
          upRes.pipe(res);
          upRes.resume();
        };
        h.held = true;
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => passThrough.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(passThrough.address() as AddressInfo).port}`;
  gateway = await startGateway(
    gatewayConfigSchema.parse({
      PORT: '0', LOG_LEVEL: 'silent', CONTENT_URL: url, AUTH_URL: 'http://127.0.0.1:1', WORKLOG_URL: 'http://127.0.0.1:1', PDF_URL: 'http://127.0.0.1:1', RENDER_URL: 'http://127.0.0.1:1',
      REDIS_URL: redisUrl, REDIS_PREFIX: prefix,
    }),
  );
  nginx = await startNginx({ gatewayPort: gateway.port, name: NAME, host: HOST });
  purger = await edgePurger();
}, 60_000);

afterAll(async () => {
  unsubscribe('http.server.request.start', onRequest);
  hold?.goOn();
  await purger?.stop();
  await nginx?.stop();
  await gateway?.stop();
  passThrough?.closeAllConnections();
  await new Promise((r) => passThrough?.close(r));
  const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  await content?.stop();
});

/** Whether nginx's asset cache holds a file under the key (`<host><path>?v=<version>`). */
const stored = (key: string) => {
  const md5 = createHash('md5').update(key).digest('hex');
  return existsSync(path.join(DATA, 'nginx', NAME, 'cache', 'assets', md5.slice(-1), md5.slice(-3, -1), md5));
};

/** An article of its own with a PDF of SIZE bytes, published; its versioned URL and nginx's key for it. */
async function publishedPdf(ref: string) {
  await content.repos.issues.create(J, { year: 2025, volume: 3, issue: Number(ref) }).catch(() => undefined);
  const art = await content.repos.articles.create(J, { year: 2025, volume: 3, issue: Number(ref), refnumber: ref, title: `File ${ref}`, txnid: `f${ref}`, pagenumber: '1-2' } as Parameters<typeof content.repos.articles.create>[1]);
  const file = `/assets/archives/2025/vol3issue${ref}/${ref}.pdf`;
  const bytes = Buffer.alloc(SIZE, 0x25);
  const v = (await content.files.put(J, file, bytes)).etag.replace(/"/g, '').slice(0, 12);
  await content.publisher.changed(J, [{ t: 'all' }]);
  return { art, target: `${file}?v=${v}`, key: `${HOST}${file}?v=${v}` };
}

/** One read through nginx: its status and the bytes that came, whether or not the answer was cut. */
const read = (target: string) =>
  new Promise<{ status: number; bytes: number }>((resolve) => {
    let status = 0;
    let bytes = 0;
    const done = () => resolve({ status, bytes });
    const r = http.get({ host: '127.0.0.1', port: nginx.port, path: target, agent: false, headers: { host: HOST } }, (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', done);
      res.on('error', done);
    });
    r.on('error', done);
  });

/** A read through nginx whose answer the content service sends in part and then waits on. */
async function readHeld(target: string) {
  const waiting = { path: target.slice(0, target.indexOf('?')), held: false, goOn: () => {} };
  hold = waiting;
  const reader = read(target);
  await until(() => waiting.held, 'the answer sent in part', 30_000);
  return { reader, goOn: () => waiting.goOn() };
}

/** Takes the article out of service (disabled), a staff write naming its PDF as retired. */
const disable = async (id: string) => {
  await content.repos.articles.update(J, id, { status: 'disabled' } as never);
  await content.publisher.changed(J, [{ t: 'article', id }]);
};

/** The purge jobs still to run, by name (the late purge of files is `file-repurge`). */
const pending = async () => {
  const q = content.edge.queue.queue;
  const [delayed, counts] = await Promise.all([q.getDelayed(), q.getJobCounts('wait', 'active', 'prioritized')]);
  return { delayed: delayed.map((j) => j.name).sort(), busy: counts.wait + counts.active + counts.prioritized };
};

describe('a file read begun before a write that retires the file', () => {
  it('stored after both purges, it is purged later from a delayed job, one a restarted purger runs', async () => {
    const { art, target, key } = await publishedPdf('1');
    const { reader, goOn } = await readHeld(target);
    await disable(art.id);
    // The write's purge and repurge are over (its late purge of the file, if any, is still to come).
    await until(async () => {
      const [s, p] = await Promise.all([content.edge.liveStatus.status(J), pending()]);
      return s.live === s.published && p.busy === 0 && !p.delayed.includes('repurge');
    }, 'purge and repurge done', 30_000);
    goOn();
    const stale = await reader;
    expect(stale).toEqual({ status: 200, bytes: SIZE });
    await until(() => stored(key), 'nginx stored the retired version', 30_000);
    // Without the late purge this is what readers would get for up to 30 days.
    const hit = await nginx.ask(target);
    expect([hit.status, hit.cache]).toEqual([200, 'HIT']);
    // The purger stops and another starts: the delayed job is in Redis and the new one runs it.
    await purger.stop();
    purger = await edgePurger();
    await until(() => !stored(key), 'the late purge removed it', 60_000);
    const next = await nginx.ask(target);
    expect([next.status, next.cache]).toEqual([404, 'MISS']);
    expect(await pending()).toEqual({ delayed: [], busy: 0 });
  }, 120_000);

  it('a read not sent whole within EDGE_FILE_READ_MS is cut by the content service, and nginx stores none of it', async () => {
    const { target } = await publishedPdf('2');
    const limit = content.deps.config.EDGE_FILE_READ_MS;
    // The content service's own setting, made short here (it is read per request).
    content.deps.config.EDGE_FILE_READ_MS = 500;
    try {
      const { reader, goOn } = await readHeld(target);
      const answer = answers.get(target);
      expect(answer).toBeDefined();
      await until(() => answer!.destroyed, 'the content service cut its answer', 30_000);
      goOn();
      const cut = await reader;
      expect(cut.bytes).toBeLessThan(SIZE);
      // nginx stored none of it: the next reader's read is a miss, whole.
      content.deps.config.EDGE_FILE_READ_MS = limit;
      const next = await nginx.ask(target);
      expect([next.status, next.cache, next.body.length]).toEqual([200, 'MISS', SIZE]);
    } finally {
      content.deps.config.EDGE_FILE_READ_MS = limit;
    }
  }, 120_000);
});
