/** How the benches time HTTP reads: one GET, and a list of URLs read by a number of connections. */
import http from 'node:http';
import { percentile } from '@journal/testing';

export interface Got {
  status: number;
  bytes: number;
  /** The body, where asked for (`keepBody`). */
  body?: Buffer;
  /** From sending the request to the last byte. */
  ms: number;
}

/** One GET; the body is counted, and kept only when asked for. */
export function timedGet(agent: http.Agent | undefined, url: string, headers: Record<string, string>, opts: { keepBody?: boolean; timeoutMs?: number } = {}): Promise<Got> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (opts.keepBody) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, body: opts.keepBody ? Buffer.concat(chunks) : undefined, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 60_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** A GET whose body is read as text. */
export async function getText(agent: http.Agent | undefined, url: string, headers: Record<string, string> = {}, timeoutMs?: number) {
  const r = await timedGet(agent, url, headers, { keepBody: true, timeoutMs });
  return { status: r.status, body: r.body!.toString('utf8') };
}

/**
 * Reads every URL once, `connections` at a time (on `shared`'s kept connections where given);
 * p50/p95/p99 in ms, how many did not answer 200, and the bytes read.
 */
export async function timeUrls(urls: string[], headers: Record<string, string>, connections: number, shared?: http.Agent) {
  const agent = shared ?? new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < urls.length) {
          const r = await timedGet(agent, urls[next++]!, headers);
          lat.push(r.ms);
          if (r.status !== 200) errors++;
          bytes += r.bytes;
        }
      }),
    );
  } finally {
    if (!shared) agent.destroy();
  }
  lat.sort((a, b) => a - b);
  return { p50: percentile(lat, 50), p95: percentile(lat, 95), p99: percentile(lat, 99), errors, bytes };
}

/**
 * A service started in this process as a restarted pod (`start`): time to ready (/readyz 200), its
 * first answer of `firstPath`, and the heap it took once that answer is in. `extra` reads more from
 * the running app and that answer before it stops.
 */
export async function restartedService<App extends { url: string; stop(): Promise<void> }, Extra>(
  start: () => Promise<App>, firstPath: string, headers: Record<string, string>, extra: (app: App, firstBody: string) => Extra,
) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const app = await start();
  const agent = new http.Agent({ keepAlive: true });
  try {
    let readyMs = NaN;
    for (;;) {
      if ((await timedGet(agent, `${app.url}/readyz`, {})).status === 200) {
        readyMs = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await timedGet(agent, `${app.url}${firstPath}`, headers, { keepBody: true });
    const body = first.body!.toString('utf8');
    if (first.status !== 200) throw new Error(`the restarted service answered ${first.status}: ${body.slice(0, 200)}`);
    gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    return { readyMs, firstMs: first.ms, heapMb, ...extra(app, body) };
  } finally {
    agent.destroy();
    await app.stop();
  }
}
