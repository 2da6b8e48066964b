/**
 * Email across kill -9: a batch of messages goes through the stack's mail worker to the suite's
 * own Mailpit; the worker is killed mid-batch and started again, then Mailpit is killed mid-batch
 * and started again. Every message must arrive exactly once, counted through Mailpit's API.
 * Enqueueing runs the content service's own code (MailService) on the stack's database and queue.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import Redis from 'ioredis';
import { ActivityLog } from '@journal/server-kit';
import { Mailpit } from '@journal/testing';
import { DATA } from '../scripts/stack';
import { provision, report, startRelStack } from './rel-stack';
import { alive, exited, sleep, spawnWorker } from './rel-helpers';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { MailRepo } from '../services/content/src/mail/mail.repo';
import { MailSettingsRepo } from '../services/content/src/mail/mail-settings.repo';
import { MailQueue, mailQueuePrefix } from '../services/content/src/mail/mail.queue';
import { MailService } from '../services/content/src/mail/mail.service';

jest.setTimeout(300_000);

const BATCH = 200;
/** Short leases, locks and retries: a killed worker's messages move within seconds. */
const ENV = {
  MAIL_CONCURRENCY: '2',
  MAIL_RETRY_MS: '250',
  MAIL_RETRY_MAX_MS: '2000',
  MAIL_ATTEMPTS: '40',
  MAIL_SEND_LEASE_MS: '4000',
  MAIL_LOCK_MS: '2000',
  MAIL_SWEEP_MS: '1000',
  SMTP_TIMEOUT_MS: '3000',
};

let s: Awaited<ReturnType<typeof startRelStack>>;
let conn: mongoose.Connection;
let redis: Redis;
let mail: MailService;
let repo: MailRepo;
let queue: MailQueue;
const mailpit = () => new Mailpit(s.stack.urls.mailpit);

beforeAll(async () => {
  s = await startRelStack('mail', 20700, 20780, 0, ENV);
  conn = await mongoose.createConnection(s.stack.env.MONGO_URL!, { dbName: s.dbName }).asPromise();
  redis = new Redis(s.stack.env.REDIS_URL!, { maxRetriesPerRequest: null });
  repo = new MailRepo(conn);
  queue = new MailQueue(redis, { prefix: mailQueuePrefix(s.stack.env.REDIS_PREFIX!), attempts: Number(ENV.MAIL_ATTEMPTS), retryMs: Number(ENV.MAIL_RETRY_MS), retryMaxMs: Number(ENV.MAIL_RETRY_MAX_MS) });
  mail = new MailService({
    repo,
    settings: new MailSettingsRepo(conn),
    queue,
    journals: new JournalRepo(conn),
    activity: new ActivityLog(conn),
    logger: { warn: () => undefined } as never,
    origin: { PUBLIC_SCHEME: 'http', PUBLIC_PORT: '20780' },
  });
});
afterAll(async () => {
  await queue?.close();
  redis?.disconnect();
  await conn?.close();
  await s?.stack.stop();
});

/** Copies Mailpit received and dropped as a Message-ID it already had (a mailbox keeps one), since it started. */
const mailpitDropped = async () => ((await (await fetch(`${s.stack.urls.mailpit}/api/v1/info`)).json()) as { RuntimeStats: { SMTPIgnored: number } }).RuntimeStats.SMTPIgnored;

const mailpitPid = () => Number(readFileSync(path.join(DATA, 'run', 'mailpit.pid'), 'utf8').trim());

/** What a drain that stopped short left: each unsent message's record, its takes and its jobs' states. */
async function stuck(journalId: string) {
  const rows = await repo.model
    .find({ journalId, state: { $nin: ['sent', 'failed'] } }, { state: 1, attempts: 1, step: 1, dataEnd: 1, leaseUntil: 1, claim: 1, updatedAt: 1, lastError: 1 })
    .sort({ state: -1, updatedAt: 1 })
    .lean<{ _id: unknown; state: string }[]>();
  const jobs = await queue.queue.getJobCounts();
  const shown = [...rows.filter((r) => r.state !== 'queued'), ...rows.filter((r) => r.state === 'queued').slice(0, 3)];
  const detail = [];
  for (const r of shown) {
    const id = String(r._id);
    const takes = await conn.collection('mail_takes').find({ _id: { $regex: `^${id}:` } } as never).toArray();
    const own = await queue.queue.getJob(id);
    detail.push({ ...r, takes, job: own ? { state: await own.getState(), attemptsMade: own.attemptsMade, failedReason: own.failedReason } : null });
  }
  return { jobs, unsent: rows.length, detail };
}

async function untilCount(tag: string, n: number, timeoutMs = 120_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = (await mailpit().search(`to:${tag}`).catch(() => [])).length;
    if (got >= n) return got;
    if (Date.now() > end) throw new Error(`${got} of ${n} messages in Mailpit after ${timeoutMs} ms`);
    await sleep(40);
  }
}

it(`sends a batch of ${BATCH} exactly once across kill -9 of the mail worker and of Mailpit`, async () => {
  const journalId = s.journals.find((j) => j.slug === 'demo')!.id;
  const tag = `rel${Date.now().toString(36)}`;
  const to = (i: number) => `m${i}.${tag}@example.org`;
  const t0 = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < BATCH; i++) {
    const [r] = await mail.enqueueMail({ journalId, event: 'submission_received', submissionId: `rel-${tag}-${i}`, to: [{ name: `Author ${i}`, email: to(i) }], vars: { submissionNumber: `REL-${i}` } });
    ids.push(r!.id);
  }
  const enqueuedMs = performance.now() - t0;

  // Mid-batch: the worker killed, then a new one started (as its Deployment would).
  const first = await untilCount(tag, Math.round(BATCH * 0.15));
  const worker = s.stack.processes.get('mail-worker')!;
  worker.kill('SIGKILL');
  await exited(worker);
  const atWorkerKill = (await mailpit().search(`to:${tag}`)).length;
  await spawnWorker(s.stack, 'mail-worker-2', { PORT: '0' }, 'mail');

  // Mid-batch again: Mailpit killed, and started again a moment later.
  await untilCount(tag, Math.round(BATCH * 0.5));
  const droppedBeforeKill = await mailpitDropped();
  process.kill(mailpitPid(), 'SIGKILL');
  const atMailpitKill = (await repo.model.countDocuments({ journalId, state: 'sent' }));
  await sleep(1500);
  provision('servers');

  const end = Date.now() + 180_000;
  let states: Record<string, number> = {};
  for (;;) {
    const rows = await repo.model.aggregate<{ _id: string; n: number }>([{ $match: { journalId } }, { $group: { _id: '$state', n: { $sum: 1 } } }]);
    states = Object.fromEntries(rows.map((r) => [r._id, r.n]));
    if ((states.sent ?? 0) + (states.failed ?? 0) >= BATCH) break;
    // A worker that died leaves the rest queued with no one to send them: said at once, not at the deadline.
    const w2 = s.stack.processes.get('mail-worker-2');
    if (!alive(w2)) throw new Error(`the mail worker exited (${w2?.exitCode ?? w2?.signalCode}) at ${JSON.stringify(states)}; its log: ${DATA}/logs`);
    if (Date.now() > end) throw new Error(`not all sent: ${JSON.stringify(states)}\n${JSON.stringify(await stuck(journalId), null, 1)}`);
    await sleep(250);
  }
  const drainedMs = performance.now() - t0;
  await sleep(2000);
  const inbox = await mailpit().search(`to:${tag}`);
  const perRecipient = new Map<string, number>();
  for (const m of inbox) for (const a of m.To) perRecipient.set(a.Address, (perRecipient.get(a.Address) ?? 0) + 1);
  const doubled = [...perRecipient].filter(([, n]) => n > 1);
  const missing = Array.from({ length: BATCH }, (_, i) => to(i)).filter((a) => !perRecipient.has(a));
  const resent = await repo.model.countDocuments({ journalId, resent: true });
  const dropped = droppedBeforeKill + (await mailpitDropped());
  const retried = await repo.model.countDocuments({ journalId, attempts: { $gt: 1 } });
  // Three takes a send, pruned by the worker's sweep once older than the lease: those of the last few seconds are left.
  const takesLeft = await conn.collection('mail_takes').countDocuments({});
  report('mail exactly once across kill -9', {
    batch: BATCH,
    enqueuedMs: Math.round(enqueuedMs),
    inMailpitAtWorkerKill: atWorkerKill,
    firstCount: first,
    sentAtMailpitKill: atMailpitKill,
    states,
    messagesInMailpit: inbox.length,
    doubled: doubled.length,
    missing: missing.length,
    sentAfterRetry: retried,
    resentAfterUncertainStop: resent,
    duplicatesDroppedByMessageId: dropped,
    takesLeft,
    drainedMs: Math.round(drainedMs),
  });
  expect(states).toEqual({ sent: BATCH });
  expect(missing).toEqual([]);
  expect(doubled).toEqual([]);
  expect(inbox).toHaveLength(BATCH);
  expect(alive(s.stack.processes.get('mail-worker-2'))).toBe(true);
});
