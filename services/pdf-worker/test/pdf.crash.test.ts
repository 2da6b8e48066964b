import request from 'supertest';
import { newObjectId } from '@journal/testing';
import { article, demoSettings, editor } from './helpers/content-fixture';
import { descendants, running, spawnWorker, waitFor, zombies, type WorkerProcess } from './helpers/processes';
import { adminToken, pollJob, readZip, startStack, type Stack } from './helpers/stack';

jest.setTimeout(120_000);

/**
 * Worker processes as in production (src/worker.main.ts), with short lock and stalled-check
 * settings so a killed worker's job moves to another within seconds.
 */
describe('worker processes: kill -9 and SIGTERM', () => {
  let s: Stack;
  const J = newObjectId();
  let token: string;
  const workers: WorkerProcess[] = [];
  let workerEnv: Record<string, string>;
  let survivor: WorkerProcess;

  beforeAll(async () => {
    s = await startStack({ worker: false });
    token = adminToken(J);
    const articles = [];
    for (let i = 0; i < 60; i++) articles.push(article(5001 + i, `Dr. Anita Sharma, Rahul Verma ${i}, Priya Singh`));
    s.content.journals.set(J, { settings: demoSettings('Journal of Crashes'), editors: [editor('Dr. Ramesh Kumar', 'chief editor')], articles });
    // small batches and one print at a time: the job lasts long enough to be interrupted
    workerEnv = { ...s.env, PDF_BATCH_SIZE: '3', PDF_RENDER_CONCURRENCY: '1', PDF_WORKER_CONCURRENCY: '1', PDF_LOCK_DURATION_MS: '3000', PDF_STALLED_INTERVAL_MS: '1000' };
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await s.stop();
  });

  const headers = () => ({ 'x-journal-id': J, authorization: `Bearer ${token}` });
  const startBulk = async (refs: number[]) => {
    const res = await request(s.api.url).post('/api/pdf/bulkcertificates?async=1').set(headers()).send(refs);
    expect(res.status).toBe(202);
    return (res.body as { jobId: string }).jobId;
  };
  const status = async (id: string) => {
    const r = await fetch(`${s.api.url}/api/pdf/jobs/${id}`, { headers: headers() });
    return (await r.json()) as { state: string; progress: { done: number; total: number } };
  };

  it('another worker completes the job of a worker killed mid-job, with N of N entries and no Chromium left', async () => {
    workers.push(...(await Promise.all([spawnWorker(workerEnv), spawnWorker(workerEnv)])));
    const refs = Array.from({ length: 30 }, (_, i) => 5001 + i);
    const id = await startBulk(refs);
    await waitFor(async () => {
      const st = await status(id);
      return st.state === 'active' && st.progress.done >= 3;
    }, 60_000, 'a worker to be mid-job');
    // Browsers start lazily, so the worker with a Chromium under it is the one running the job.
    const victim = workers.find((w) => descendants(w.pid).length > 0)!;
    expect(victim).toBeDefined();
    const victimChromium = descendants(victim.pid);
    const mid = await status(id);
    expect(mid.progress.done).toBeLessThan(mid.progress.total);
    victim.child.kill('SIGKILL');
    await victim.exited;
    survivor = workers.find((w) => w !== victim)!;

    const seen = await pollJob(s.api.url, id, headers(), 90_000);
    const last = seen[seen.length - 1]!;
    expect(last.state).toBe('completed');
    expect(last.progress).toEqual({ done: 90, total: 90 });

    const res = await request(s.api.url)
      .get(`/api/pdf/jobs/${id}/result`)
      .set(headers())
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const entries = readZip(res.body as Buffer);
    expect(entries).toHaveLength(90);
    expect(new Set(entries.map((e) => e.name)).size).toBe(90);

    // the killed worker's browser went with it: its pipe closed and Chromium exited
    await waitFor(() => running(victimChromium).length === 0, 15_000, "the killed worker's Chromium to exit");
    expect(running(victimChromium)).toEqual([]);
  });

  it('SIGTERM lets the active job finish, then exits cleanly leaving no Chromium and no zombie', async () => {
    const b = survivor;
    const id = await startBulk(Array.from({ length: 20 }, (_, i) => 5031 + i));
    await waitFor(async () => {
      const st = await status(id);
      return st.state === 'active' && st.progress.done >= 3;
    }, 60_000, 'worker B to be mid-job');
    const bChromium = descendants(b.pid);
    expect(bChromium.length).toBeGreaterThan(0);
    b.child.kill('SIGTERM');
    const exit = await b.exited;
    expect(exit.code).toBe(0);
    const st = await status(id);
    expect(st.state).toBe('completed');
    expect(st.progress).toEqual({ done: 60, total: 60 });
    // Chromium's helpers exit with it; any that were reparented are reaped by init within moments.
    await waitFor(() => running(bChromium).length === 0 && zombies(bChromium).length === 0, 10_000, 'no Chromium and no zombie left');
  });
});
