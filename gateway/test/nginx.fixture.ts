import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { DATA, renderNginxConfig } from '../../scripts/stack';

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
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A real nginx from docker/nginx/default.conf.template (an empty cache) in front of a gateway, for `host`. */
export async function startNginx(opts: { gatewayPort: number; name: string; host: string }): Promise<TestNginx> {
  let port: number;
  // Below 65535: the purge server listens on the next port.
  do port = await freePort();
  while (port >= 65535);
  const ask = (target: string, headers: Record<string, string> = {}) =>
    new Promise<NginxAnswer>((resolve, reject) => {
      const r = http.request({ host: '127.0.0.1', port, path: target, agent: false, headers: { host: opts.host, 'accept-encoding': 'gzip', ...headers } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-cache'] as string | undefined, headers: res.headers, body: Buffer.concat(parts).toString() }));
      });
      r.on('error', reject);
      r.end();
    });
  const conf = renderNginxConfig({ nginxPort: port, gatewayPort: opts.gatewayPort, name: opts.name, usageLog: '/dev/null' });
  const nginx = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(path.join(DATA, 'nginx', opts.name), { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      await ask('/nginx-healthz');
      break;
    } catch (err) {
      if (i > 100) {
        await stop();
        throw err;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { port, ask, stop };
}
