/**
 * Load through nginx: many concurrent readers while an admin writes and
 * a bulk zip renders; then parallel 5 MB uploads against the content service's memory. Latencies
 * are printed, never asserted; errors, lost data and dead processes are.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { modelledPause } from '@journal/testing';
import { ROOT } from '../scripts/stack';
import { call, report, startRelStack, type Answer } from './rel-stack';
import { adminAdding, readerTargets, runReaders } from './reader-mix';
import {
  alive, articleFields, assetPath, bearer, createIssue, pdfBytes, percentile, postArticle, publicCatalogue, readZip, rssMb, tokenFor,
} from './rel-helpers';

jest.setTimeout(420_000);

const READERS = Number(process.env.JP_REL_READERS ?? 200);
const DURATION_MS = Number(process.env.JP_REL_LOAD_MS ?? 60_000);
const UPLOADS = Number(process.env.JP_REL_UPLOADS ?? 50);

let s: Awaited<ReturnType<typeof startRelStack>>;
let token: string;
beforeAll(async () => {
  s = await startRelStack('load', 20300, 20380, 1);
  token = await tokenFor(s.base);
}, 180_000);
afterAll(async () => {
  await s?.stack.stop();
});

describe('load', () => {
  it(`10. ${READERS} concurrent readers for ${DURATION_MS / 1000} s while an admin adds articles and a bulk zip runs: 0 errors`, async () => {
    const { issues, articles } = await publicCatalogue(s.base);
    const end = Date.now() + DURATION_MS;
    let bytes = 0;
    // The admin adds articles one after another during the run.
    const admin = await adminAdding(s.base, token, end);
    // And one bulk zip of every article runs meanwhile.
    const refs = articles.map((a) => a.refnumber);
    const expectedCerts = articles.reduce((x, a) => x + a.authorname.split(',').filter((y) => y.trim()).length, 0);
    let bulk: Answer | undefined;
    let bulkEntries = 0;
    const zip = async () => {
      bulk = await call(`${s.base}/api/pdf/bulkcertificates`, { method: 'POST', headers: bearer(token), body: JSON.stringify(refs), timeoutMs: 200_000 });
      if (bulk.status === 200) bulkEntries = readZip(bulk.raw).length;
    };
    const t0 = Date.now();
    const [{ lat, errors }] = await Promise.all([
      runReaders(s.base, readerTargets({ issues, articles }), READERS, end, (_name, r) => (bytes += r.bytes)),
      admin.done,
      zip(),
    ]);
    const seconds = (Date.now() - t0) / 1000;
    const { issue, statuses: adds } = admin;
    const all = Object.values(lat).flat().sort((a, b) => a - b);
    const per = Object.fromEntries(Object.entries(lat).map(([n, l]) => {
      const x = [...l].sort((a, b) => a - b);
      return [n, { n: x.length, p50: percentile(x, 50), p99: percentile(x, 99) }];
    }));
    // Every article the admin added is public at once.
    const stored = (await call(`${s.base}/api/archives/${issue.year}/${issue.volume}/${issue.issue}`)).json() as unknown[];
    report(`10. ${READERS} readers for ${Math.round(seconds)} s`, {
      requests: all.length + errors.length, errors: errors.length, firstErrors: errors.slice(0, 5), rps: Math.round(all.length / seconds),
      // The figures the reader path is judged by (printed, not asserted: the machine may be shared).
      overallP99Ms: percentile(all, 99), pdfDownloadP99Ms: per.pdf?.p99, pdfDownloadP50Ms: per.pdf?.p50,
      p50ms: percentile(all, 50), p90ms: percentile(all, 90), p99ms: percentile(all, 99), maxMs: Math.round(all[all.length - 1] ?? 0), mb: Math.round(bytes / 1e6), per,
      adminAdds: adds.length, adminStatuses: [...new Set(adds)], addedVisible: stored.length,
      bulkZip: { status: bulk?.status, ms: Math.round(bulk?.ms ?? 0), entries: bulkEntries, expected: expectedCerts },
      contentRssMb: rssMb(s.stack.processes.get('content')!.pid!), gatewayRssMb: rssMb(s.stack.processes.get('gateway')!.pid!),
    });
    expect(errors).toEqual([]);
    expect(adds.length).toBeGreaterThan(0);
    expect(adds.every((x) => x === 201 || x === 200)).toBe(true);
    expect(stored).toHaveLength(adds.length);
    expect(bulk?.status).toBe(200);
    expect(bulkEntries).toBe(expectedCerts);
    for (const [n, c] of s.stack.processes) expect([n, alive(c)]).toEqual([n, true]);
  });

  it(`11. ${UPLOADS} parallel 5 MB uploads: all stored or cleanly refused, no out-of-memory`, async () => {
    // Uploads are writes: the staff side of content takes them (gateway/src/routes.ts, sideOf).
    const content = s.stack.processes.get('content-staff')!;
    const before = rssMb(content.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(content.pid!))), 50);
    // One issue per upload, so the first-page rule of an issue never refuses a parallel add.
    const targets = [];
    for (let i = 0; i < UPLOADS; i++) targets.push(await createIssue(s.base, token));
    const SIZE = 5_000_000;
    const t0 = Date.now();
    let results: Answer[];
    try {
      results = await Promise.all(
        targets.map((issue, i) => {
          // Each file differs, so a stored file can be checked byte for byte.
          const data = pdfBytes(SIZE, `upload-${i}`);
          return postArticle(s.base, token, articleFields(issue, 700_000 + i), { name: `u${i}.pdf`, data }).catch(
            (err: Error) => ({ status: 0, body: err.message, ms: 0, json: () => ({}) }) as unknown as Answer,
          );
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - t0) / 1000;
    await modelledPause(2000, 'the memory figure after the load is read once the process has had 2 s to settle');
    const after = rssMb(content.pid!);
    const byStatus: Record<string, number> = {};
    for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    // Stored ones are whole: the public file has exactly the uploaded bytes.
    // Checked four at a time: the check is not part of the load. The list reads follow the refused
    // uploads at once: a connection left holding a refused upload's unread bytes would hold them up
    // until a timeout, so they get 15 s.
    const fourAtATime = pLimit(4);
    const stored = await Promise.all(
      targets.map((issue, i) => fourAtATime(async () => {
        const list = (await call(`${s.base}/api/archives/${issue.year}/${issue.volume}/${issue.issue}`, { timeoutMs: 15_000 })).json() as { refnumber: string; file: string }[];
        if (list.length !== 1) return { n: list.length, intact: false, got: [] as unknown[] };
        const url = `${s.base}${assetPath({ ...list[0]!, year: issue.year, volume: issue.volume, issue: issue.issue } as never)}`;
        const want = pdfBytes(SIZE, `upload-${i}`);
        // Every file's stored length; every fifth file byte for byte (5 MB reads from GridFS on FerretDB are slow).
        if (i % 5) {
          const h = await call(url, { method: 'HEAD', timeoutMs: 60_000 });
          return { n: 1, intact: h.status === 200 && Number(h.headers['content-length']) === want.length, got: [h.status, h.headers['content-length'], want.length] };
        }
        const r = await call(url, { timeoutMs: 120_000 });
        return { n: 1, intact: r.status === 200 && r.raw.equals(want), got: [r.status, r.raw.length, want.length, r.headers['content-type']] };
      })),
    );
    const list = stored.filter((x) => x.n === 1);
    const checks = list.map((x) => x.intact);
    const refused = results.filter((r) => r.status >= 400);
    report(`11. ${UPLOADS} parallel ${SIZE / 1e6} MB uploads`, {
      seconds: Math.round(seconds), byStatus, stored: list.length, intact: checks.filter(Boolean).length, firstMismatch: list.find((x) => !x.intact)?.got,
      refusedCodes: [...new Set(refused.map((r) => `${r.status} ${(() => { try { return r.json().error; } catch { return r.body.slice(0, 40); } })()}`))],
      contentRssMb: { before, peak, after, k8sLimit: /limits:[\s\S]*?memory:\s*(\S+)/.exec(readFileSync(path.join(ROOT, 'k8s/base/content.yaml'), 'utf8'))?.[1] }, contentAlive: alive(content),
    });
    expect(alive(content)).toBe(true);
    for (const r of results) {
      expect([201, 200, 400, 409, 413, 429, 503]).toContain(r.status);
      if (r.status >= 400) expect(r.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const ok = results.filter((r) => r.status < 300).length;
    expect(list).toHaveLength(ok);
    expect(stored.every((x) => x.n <= 1)).toBe(true);
    expect(checks.every(Boolean)).toBe(true);
    for (const [n, c] of s.stack.processes) expect([n, alive(c)]).toEqual([n, true]);
  });
});
