import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { z } from 'zod';
import { AppError, createHttpApp, loadConfig, logSampleOf, redactUrl, requestLogConfigShape, type RequestLogSampling } from '../src';

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
  http.app.get('/submission/:token', () => {
    throw new AppError(404, 'not_found', 'Not found');
  });
  http.app.post('/api/submissions/status/:token/withdraw', () => {
    throw new Error('store down');
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

  it('never writes a status link token or a SUSHI api_key: the target is logged redacted', async () => {
    const s = await serve();
    const token = 'Zk3v9Qw2Lr8Tx1Yb6Nc4Md7Pe0Hf5Jg2Ks9Uv3Wa1Xb';
    try {
      expect(await s.get(`/submission/${token}?done=submitted`)).toBe(404);
      expect(await s.post(`/api/submissions/status/${token}/withdraw`)).toBe(500);
      expect(await s.get('/api/counter/r51/reports/pr?customer_id=c1&api_key=s3cr3t-key&begin_date=2026-01')).toBe(404);
      const text = s.lines.map((l) => JSON.stringify(l)).join('\n');
      expect(text).not.toContain(token);
      expect(text).not.toContain('s3cr3t-key');
      const urls = s.lines.map((l) => (l.req as { url?: string } | undefined)?.url ?? l.url).filter(Boolean);
      expect(urls).toEqual([
        '/submission/[redacted]?done=submitted',
        '/api/submissions/status/[redacted]/withdraw',
        '/api/submissions/status/[redacted]/withdraw',
        '/api/counter/r51/reports/pr?customer_id=c1&api_key=[redacted]&begin_date=2026-01',
      ]);
    } finally {
      await s.close();
    }
  });

  it('redacts the same targets whatever their case, and leaves every other one alone', () => {
    expect(redactUrl('/SUBMISSION/abc')).toBe('/SUBMISSION/[redacted]');
    expect(redactUrl('/api/submissions/status/abc')).toBe('/api/submissions/status/[redacted]');
    expect(redactUrl('/review/abc?done=saved')).toBe('/review/[redacted]?done=saved');
    expect(redactUrl('/api/reviews/abc/submit')).toBe('/api/reviews/[redacted]/submit');
    expect(redactUrl(`/api/pdf/reviewer-certificate/${'a'.repeat(24)}/sig_-1`)).toBe(`/api/pdf/reviewer-certificate/${'a'.repeat(24)}/[redacted]`);
    expect(redactUrl('/x?API_KEY=1&y=2')).toBe('/x?API_KEY=[redacted]&y=2');
    for (const u of ['/submission', '/submission?done=resent', '/api/submissions', '/api/submissions/resend', '/submit', '/archives/2024/vol1/issue1/x']) expect(redactUrl(u)).toBe(u);
  });
});
