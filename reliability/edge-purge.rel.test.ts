/**
 * A staff save answers once it is stored; the caches in front are purged after, from a queue in
 * Redis, by the edge purger. Here the writing process and the purger are killed after the answer,
 * the purge under way and unable to tell nginx (its purge endpoint swallows the requests), then
 * the purger is started again as its Deployment would: the queued purge is taken over and readers
 * get the change through nginx.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { purgePortOf } from '../scripts/stack';
import { call, report, startRelStack, until } from './rel-stack';
import { alive, bearer, exited, spawnWorker, tokenFor } from './rel-helpers';

jest.setTimeout(240_000);

const NGINX_PORT = 20580;
let s: Awaited<ReturnType<typeof startRelStack>>;
let swallow: net.Server;

beforeAll(async () => {
  // Takes every connection and never answers: the first content process cannot purge anything.
  swallow = net.createServer(() => undefined);
  await new Promise<void>((r) => swallow.listen(0, '127.0.0.1', r));
  const port = (swallow.address() as AddressInfo).port;
  s = await startRelStack('purge', 20500, NGINX_PORT, 0, {
    EDGE_NGINX_PURGE_URLS: `http://127.0.0.1:${port}/purge`,
    // Tries long enough that the purge is still under way when the process is killed.
    EDGE_PURGE_ATTEMPTS: '20',
    EDGE_PURGE_RETRY_MS: '1000',
    // A job whose worker died is taken over within seconds.
    EDGE_PURGE_LOCK_MS: '3000',
  });
}, 180_000);
afterAll(async () => {
  await s?.stack.stop();
  swallow?.close();
});

const home = () => call(`${s.base}/`, { headers: { 'accept-encoding': 'gzip' } });
const nameIn = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

it('a save whose process died before the purge is purged after the restart: readers get it through nginx', async () => {
  const token = await tokenFor(s.base);
  const status = async () => (await call(`${s.base}/api/admin/edge-status`, { headers: bearer(token) })).json() as { published: number; live: number; failed: number };
  // Readers have the home page from nginx.
  await home();
  const kept = await until(home, (r) => r.headers['x-cache'] === 'HIT');
  const before = nameIn(kept.body);
  const name = `Purged after a restart ${Date.now().toString(36)}`;

  const saved = await call(`${s.base}/api/settings`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ websitename: name }) });
  expect(saved.status).toBe(200);
  // Answered, stored, and not yet at the edge: nginx still gives the old page, the admin sees the change pending.
  const pending = await status();
  expect(pending.live).toBeLessThan(pending.published);
  const stale = await home();
  expect([stale.headers['x-cache'], nameIn(stale.body)]).toEqual(['HIT', before]);

  // The writing process (content's staff side) and the purger, its purge under way, die before nginx was told.
  const dying = [s.stack.processes.get('content-staff')!, s.stack.processes.get('edge-purger')!];
  for (const p of dying) p.kill('SIGKILL');
  await Promise.all(dying.map(exited));
  expect(dying.map(alive)).toEqual([false, false]);
  // Both started again (their Deployments would), the purger now able to reach nginx's purge endpoint.
  const restartedAt = performance.now();
  await spawnWorker(s.stack, 'content-staff-2', { PORT: new URL(s.stack.urls.contentStaff).port, STATS_COUNTING: 'off', EDGE_PURGE_CONCURRENCY: '0' }, 'content');
  await spawnWorker(s.stack, 'edge-purger-2', { EDGE_NGINX_PURGE_URLS: `http://127.0.0.1:${purgePortOf(Number(new URL(s.base).port))}/purge`, EDGE_PURGE_ATTEMPTS: '5', EDGE_PURGE_RETRY_MS: '200' }, 'edge-purger');
  const fresh = await until(home, (r) => nameIn(r.body).includes(name), 60_000);
  const freshMs = Math.round(performance.now() - restartedAt);
  const after = await until(status, (st) => st.live >= pending.published, 30_000);
  report('edge purge across kill -9 of the writing process', { saveMs: Math.round(saved.ms), freshAfterRestartMs: freshMs, status: after, cache: fresh.headers['x-cache'] });
  expect(nameIn(fresh.body)).toContain(name);
  expect(after.failed).toBeLessThan(pending.published);
});
