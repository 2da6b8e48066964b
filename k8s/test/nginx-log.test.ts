/**
 * The web image's nginx config (docker/nginx/default.conf.template, rendered as the local stack
 * renders it) writes no secret of a request target into a log: an author's status-link token, a
 * reviewer's link token and a SUSHI api_key are redacted in the usage log (the one access log production writes) and in the
 * timed access log of JP_NGINX_ACCESS_LOG=1. Real nginx, in front of a stand-in gateway that
 * answers 200 to everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA, renderNginxConfig } from '../../scripts/stack';

const TOKEN = 'Zk3v9Qw2Lr8Tx1Yb6Nc4Md7Pe0Hf5Jg2Ks9Uv3Wa1Xb';
const NAME = `logtest${process.pid}`;

/** A free port whose next port (nginx's purge listener) is free too. */
async function freePortPair(): Promise<number> {
  const take = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer().once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
  for (;;) {
    const p = await take(0);
    if (p < 65535 && (await take(p + 1).catch(() => 0))) return p;
  }
}

const waitFor = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

let upstream: http.Server;
let nginx: ChildProcess;
let base = '';
let dir = '';
const usageLog = () => path.join(dir, 'usage.log');
const timedLog = path.join(DATA, 'logs', `${NAME}-nginx-access.log`);
const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'nginx-log-'));
  upstream = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf', 'cache-control': 'no-store' }).end('%PDF-1.4\n'));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const nginxPort = await freePortPair();
  const previous = process.env.JP_NGINX_ACCESS_LOG;
  process.env.JP_NGINX_ACCESS_LOG = '1';
  const conf = renderNginxConfig({ nginxPort, gatewayPort: (upstream.address() as net.AddressInfo).port, name: NAME, usageLog: usageLog() });
  process.env.JP_NGINX_ACCESS_LOG = previous;
  rmSync(timedLog, { force: true });
  nginx = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  base = `http://127.0.0.1:${nginxPort}`;
  await waitFor(() => nginx.exitCode === null && existsSync(path.join(DATA, 'nginx', NAME, 'nginx.pid')), 'nginx to start');
  // nginx writes its pid file before it accepts: wait for an answer.
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${base}/nginx-healthz`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
}, 30_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGQUIT');
    await gone;
  }
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(DATA, 'nginx', NAME), { recursive: true, force: true });
  rmSync(timedLog, { force: true });
});

test('a status-link or review-link token and a SUSHI api_key never reach an nginx log line', async () => {
  const targets = [
    `/submission/${TOKEN}?done=submitted`,
    `/api/submissions/status/${TOKEN}`,
    `/api/submissions/status/${TOKEN}/withdraw`,
    `/review/${TOKEN}?done=saved`,
    `/api/reviews/${TOKEN}/submit`,
    `/api/pdf/reviewer-certificate/${'a'.repeat(24)}/${TOKEN}`,
    '/assets/archives/2026/vol1/issue1/1001.pdf?api_key=s3cr3t-key',
    '/counter/r51/reports/pr?customer_id=c1&api_key=s3cr3t-key',
    '/submission',
  ];
  for (const t of targets) await (await fetch(base + t, { headers: { host: 'localhost' } })).arrayBuffer();
  // nginx flushes its buffered usage log within a second.
  await waitFor(() => read(usageLog()).includes('1001.pdf') && read(timedLog).split('\n').filter(Boolean).length >= targets.length, 'the log lines');
  const usage = read(usageLog());
  const timed = read(timedLog);
  for (const text of [usage, timed]) {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('s3cr3t-key');
  }
  // Counted downloads keep their target (the usage count reads it), the secret parameter blanked.
  expect(JSON.parse(usage.trim().split('\n')[0]!).uri).toBe('/assets/archives/2026/vol1/issue1/1001.pdf?api_key=[redacted]');
  const logged = timed.split('\n').filter(Boolean).map((l) => l.split(' ')[3]);
  expect(logged).toEqual([
    '/submission/[redacted]?done=submitted',
    '/api/submissions/status/[redacted]',
    '/api/submissions/status/[redacted]/withdraw',
    '/review/[redacted]?done=saved',
    '/api/reviews/[redacted]/submit',
    `/api/pdf/reviewer-certificate/${'a'.repeat(24)}/[redacted]`,
    '/assets/archives/2026/vol1/issue1/1001.pdf?api_key=[redacted]',
    '/counter/r51/reports/pr?customer_id=c1&api_key=[redacted]',
    '/submission',
  ]);
}, 30_000);

test('searches of the site (the page and the app\'s read) go to the usage log; other pages and reads do not', async () => {
  const before = read(usageLog()).split('\n').filter(Boolean).length;
  for (const t of ['/search?keyword=cell%20biology', '/api/search?keyword=cells', '/about', '/api/settings', '/search?keyword=done']) {
    await (await fetch(base + t, { headers: { host: 'localhost' } })).arrayBuffer();
  }
  await waitFor(() => read(usageLog()).includes('keyword=done') && read(usageLog()).includes('keyword=cells'), 'the search lines');
  // Each location buffers its own lines: the order between them is the buffers'.
  const uris = read(usageLog()).split('\n').filter(Boolean).slice(before).map((l) => (JSON.parse(l) as { uri: string }).uri);
  expect(uris.sort()).toEqual(['/api/search?keyword=cells', '/search?keyword=cell%20biology', '/search?keyword=done']);
}, 30_000);
