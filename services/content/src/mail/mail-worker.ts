import type { Worker } from 'bullmq';
import { Counter } from 'prom-client';
import { connectMongo, createBlockingRedis, createHttpApp, createLogger, createRedis, isMongoReady, listen, type RunningServer } from '@journal/server-kit';
import { FileStore } from '../files/file-store';
import type { MailWorkerConfig } from './mail.config';
import { MailRepo } from './mail.repo';
import { MailSettingsRepo } from './mail-settings.repo';
import { MailQueue, mailQueuePrefix, type MailJob } from './mail.queue';
import { loadAttachments } from './mail-attachments';
import { composeMail } from './mail-compose';
import { MailHeld, processMail, type MailProcessContext } from './mail.processor';
import { SmtpSender } from './smtp-sender';
import { sweepMail } from './mail-sweep';
import { smtpRelayProblem } from './smtp-relay-check';

export interface MailWorkerApp {
  url: string;
  worker: Worker<MailJob>;
  stop(): Promise<void>;
}

/**
 * The mail worker (services/content/src/mail/mail-worker.main.ts): the `mail` queue's consumer, the
 * only process that talks SMTP (in Kubernetes the only one the egress policy lets reach the relay),
 * with /healthz, /readyz and /metrics.
 */
export async function startMailWorker(config: MailWorkerConfig): Promise<MailWorkerApp> {
  const logger = createLogger('mail-worker', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const repo = new MailRepo(conn);
  const settings = new MailSettingsRepo(conn);
  const files = new FileStore(conn);
  await Promise.all([repo.init(), settings.init(), files.init()]);
  const queueConn = createRedis(config.REDIS_URL);
  const queue = new MailQueue(queueConn, { prefix: mailQueuePrefix(config.REDIS_PREFIX), attempts: config.MAIL_ATTEMPTS, retryMs: config.MAIL_RETRY_MS, retryMaxMs: config.MAIL_RETRY_MAX_MS });
  const sender = new SmtpSender(config);
  const workerConn = createBlockingRedis(config.REDIS_URL);

  const http = createHttpApp({ name: 'mail-worker', logger, ready: () => isMongoReady(conn) && workerConn.status === 'ready' });
  const registry = http.metrics.registry;
  const sent = new Counter({ name: 'mail_sent_total', help: 'Messages the SMTP server accepted', registers: [registry] });
  const failedTries = new Counter({ name: 'mail_send_failures_total', help: 'Send tries that failed (retried or final)', registers: [registry] });
  http.finish();

  const maxBytes = Math.round(config.MAIL_ATTACHMENTS_MAX_MB * 1024 * 1024);
  const ctx: MailProcessContext = {
    repo,
    leaseMs: config.MAIL_SEND_LEASE_MS,
    logger,
    async compose(r) {
      const loaded = await loadAttachments({ conn, files }, r.journalId, r.attachments, maxBytes);
      const m = await composeMail(r, { settings: await settings.get(r.journalId), files: loaded, defaultFrom: config.MAIL_DEFAULT_FROM });
      return { ...m, attachments: loaded.stored };
    },
    send: async (m, beforeEnd) => {
      const res = await sender.send(m, beforeEnd);
      sent.inc();
      return res;
    },
  };
  const worker = queue.work(
    workerConn,
    async (job) => {
      try {
        await processMail({ data: job.data, attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 }, ctx);
      } catch (e) {
        if (!(e instanceof MailHeld)) failedTries.inc();
        throw e;
      }
    },
    { concurrency: config.MAIL_CONCURRENCY, lockMs: config.MAIL_LOCK_MS },
  );
  // The queue gave up on a message (its last try failed while it was still queued): it is failed for good.
  worker.on('failed', (job, err) => {
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void repo.fail(job.data.journalId, job.data.mailId, err.message, config.MAIL_SEND_LEASE_MS).catch(() => undefined);
  });
  worker.on('error', (err) => logger.warn({ err: err.message }, 'mail worker: queue error'));
  await worker.waitUntilReady();

  // A run still under way (a slow database) skips the tick rather than another run starting beside it.
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void sweepMail({ repo, queue, olderThanMs: config.MAIL_SWEEP_MS * 2 })
      .then(
        (n) => n && logger.info({ requeued: n }, 'mail sweep: messages queued again'),
        (err: unknown) => logger.warn({ err: (err as Error).message }, 'mail sweep failed'),
      )
      .then(() => repo.pruneTakes(new Date(), config.MAIL_SEND_LEASE_MS))
      .then(
        (n) => n && logger.info({ removed: n }, 'mail sweep: takes no write needs removed'),
        (err: unknown) => logger.warn({ err: (err as Error).message }, 'mail takes prune failed'),
      )
      .finally(() => (sweeping = false));
  }, config.MAIL_SWEEP_MS);
  sweep.unref();

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url, smtp: `${config.SMTP_HOST}:${config.SMTP_PORT}`, tls: config.SMTP_TLS, concurrency: config.MAIL_CONCURRENCY }, 'mail worker running');
  void smtpRelayProblem(config.SMTP_HOST, config.SMTP_RELAY_CIDR).then((problem) => problem && logger.error({ problem }, 'SMTP relay outside the allowed range'));

  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    worker,
    stop() {
      stopping ??= (async () => {
        clearInterval(sweep);
        // Without force: the sends under way finish and are recorded first.
        await worker.close();
        sender.close();
        await queue.close();
        await server.close();
        await conn.close();
        workerConn.disconnect();
        queueConn.disconnect();
      })();
      return stopping;
    },
  };
}
