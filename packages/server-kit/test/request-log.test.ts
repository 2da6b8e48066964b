import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { z } from 'zod';
import { createHttpApp, loadConfig, logSampleOf, requestLogConfigShape, type RequestLogSampling } from '../src';

/** An app whose request lines are collected, with one read, one write and one failing route. */
async function serve(logSample?: RequestLogSampling, level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });
  const http = createHttpApp({ name: `log${Math.random().toString(36).slice(2, 8)}`, logger, logSample });
  http.app.get('/read', (_req, res) => void res.json({ ok: true }));
  http.app.post('/write', (_req, res) => void res.status(201).json({ ok: true }));
  http.app.get('/boom', () => {
    throw new Error('boom');
  });
  http.finish();
  const server: Server = await new Promise((r) => {
    const s = http.app.listen(0, '127.0.0.1', () => r(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    lines,
    get: (path: string) => fetch(base + path).then((r) => r.status),
    post: (path: string) => fetch(base + path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }).then((r) => r.status),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => typeof l.responseTime === 'number');

describe('request log lines', () => {
  it('writes one line per request by default, with its id, method, url, status and time', async () => {
    const s = await serve();
    try {
      expect(await s.get('/read?x=1')).toBe(200);
      expect(await s.get('/healthz')).toBe(200);
      const [line, ...rest] = requestLines(s.lines);
      expect(rest).toEqual([]);
      expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/read?x=1' }, res: { statusCode: 200 } });
      expect(line!.requestId).toEqual(expect.any(String));
    } finally {
      await s.close();
    }
  });

  it('samples successful reads 1 in N, and always writes 4xx, 5xx and writes', async () => {
    const s = await serve({ every: 3, slowMs: 60_000 });
    try {
      for (let i = 0; i < 9; i++) expect(await s.get('/read')).toBe(200);
      expect(await s.get('/missing')).toBe(404);
      expect(await s.get('/boom')).toBe(500);
      expect(await s.post('/write')).toBe(201);
      const lines = requestLines(s.lines);
      expect(lines.filter((l) => (l.req as { url: string }).url === '/read')).toHaveLength(3);
      expect(lines.filter((l) => (l.req as { url: string }).url !== '/read').map((l) => [(l.res as { statusCode: number }).statusCode, l.msg])).toEqual([
        [404, 'request completed'],
        [500, 'request errored'],
        [201, 'request completed'],
      ]);
    } finally {
      await s.close();
    }
  });

  it('writes every read slower than LOG_SLOW_MS (0: every one) whatever the sampling', async () => {
    const s = await serve({ every: 1000, slowMs: 0 });
    try {
      for (let i = 0; i < 4; i++) await s.get('/read');
      expect(requestLines(s.lines)).toHaveLength(4);
    } finally {
      await s.close();
    }
  });

  it('reads the sampling from the config, every line by default', () => {
    const schema = z.object(requestLogConfigShape);
    expect(logSampleOf(loadConfig(schema, {}))).toEqual({ every: 1, slowMs: 500 });
    expect(logSampleOf(loadConfig(schema, { LOG_SUCCESS_SAMPLE: '20', LOG_SLOW_MS: '250' }))).toEqual({ every: 20, slowMs: 250 });
    expect(() => loadConfig(schema, { LOG_SUCCESS_SAMPLE: '0' })).toThrow(/LOG_SUCCESS_SAMPLE/);
  });
});
