import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { DATA, purgePortOf, renderNginxConfig } from '../../scripts/stack';

export interface NginxAnswer {
  status: number;
  /** nginx's cache status (X-Cache): HIT, MISS, EXPIRED… */
  cache: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestNginx {
  port: number;
  /** One request through nginx, its target sent exactly as given. */
  ask(target: string, headers?: Record<string, string>): Promise<NginxAnswer>;
  /**
   * Whether nginx has stored an answer under the cache key (its file is in place). A client may
   * have an answer's last byte a moment before nginx stores it: a test waits for this before it
   * asks for the stored copy.
   */
  stores(key: string): boolean;
  stop(): Promise<void>;
}

const listenOn = (port: number) =>
  new Promise<net.Server | null>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(null));
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
const close = (s: net.Server) => new Promise<void>((resolve) => s.close(() => resolve()));

/** A port whose next port (the purge server's) is free too: both held until checked, then released. */
async function freePair(): Promise<number> {
  for (;;) {
    const first = await listenOn(0);
    if (!first) continue;
    const port = (first.address() as AddressInfo).port;
    const second = port < 65535 ? await listenOn(purgePortOf(port)) : null;
    await close(first);
    if (second) {
      await close(second);
      return port;
    }
  }
}

/** A real nginx from docker/nginx/default.conf.template (an empty cache) in front of a gateway, for `host`. */
export async function startNginx(opts: { gatewayPort: number; name: string; host: string }): Promise<TestNginx> {
  const ask = (target: string, headers: Record<string, string> = {}) =>
    new Promise<NginxAnswer>((resolve, reject) => {
      const r = http.request({ host: '127.0.0.1', port: current.port, path: target, agent: false, headers: { host: opts.host, 'accept-encoding': 'gzip', ...headers } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, headers: res.headers, body: Buffer.concat(parts).toString() }));
      });
      r.on('error', reject);
      r.end();
    });
  // Tests run side by side: a port found free can be taken before nginx binds it. nginx then exits
  // at once, so it is started again on another pair, and its own words are kept for the error.
  let current = { port: 0, nginx: null as ChildProcess | null, stderr: '' };
  const stopCurrent = async () => {
    const { nginx } = current;
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
  };
  const stop = async () => {
    await stopCurrent();
    rmSync(path.join(DATA, 'nginx', opts.name), { recursive: true, force: true });
  };
  for (let attempt = 1; ; attempt++) {
    const port = await freePair();
    const conf = renderNginxConfig({ nginxPort: port, gatewayPort: opts.gatewayPort, name: opts.name, usageLog: '/dev/null' });
    const nginx = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const started = { port, nginx, stderr: '' };
    current = started;
    nginx.stderr!.on('data', (c: Buffer) => (started.stderr += c.toString()));
    let ready = false;
    for (let i = 0; i < 200 && nginx.exitCode === null && nginx.signalCode === null; i++) {
      try {
        await ask('/nginx-healthz');
        ready = true;
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    if (ready) break;
    const said = started.stderr.trim();
    await stopCurrent();
    if (attempt >= 5) {
      await stop();
      throw new Error(`nginx did not answer on 127.0.0.1:${port} after ${attempt} starts${said ? `: ${said}` : ''}`);
    }
  }
  // The template's public cache: levels=1:2 under the stack's cache directory (scripts/stack.ts).
  const stores = (key: string) => {
    const md5 = createHash('md5').update(key).digest('hex');
    return existsSync(path.join(DATA, 'nginx', opts.name, 'cache', md5.slice(-1), md5.slice(-3, -1), md5));
  };
  return { get port() { return current.port; }, ask, stores, stop };
}
