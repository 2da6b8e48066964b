import { createRedis, type ActivityLog, type Logger, type Redis } from '@journal/server-kit';
import type { Connection } from 'mongoose';
import type { ContentConfig } from '../config';
import type { JournalRepo } from '../journals/journal.repo';
import { MailRepo } from './mail.repo';
import { MailSettingsRepo } from './mail-settings.repo';
import { MailQueue, mailQueuePrefix } from './mail.queue';
import { MailService } from './mail.service';

export interface MailModule {
  service: MailService;
  repo: MailRepo;
  queue: MailQueue;
  stop(): Promise<void>;
}

/** The content service's side of email: the outbox, the `mail` queue's producer and the settings (the worker sends). */
export async function startMail(p: { config: ContentConfig; conn: Connection; journals: JournalRepo; activity: ActivityLog; logger: Logger }): Promise<MailModule> {
  const c = p.config;
  const repo = new MailRepo(p.conn);
  const settings = new MailSettingsRepo(p.conn);
  await Promise.all([repo.init(), settings.init()]);
  // The queue's own connection: BullMQ's commands must not wait behind the service's.
  const queueConn: Redis = createRedis(c.REDIS_URL);
  const queue = new MailQueue(queueConn, { prefix: mailQueuePrefix(c.REDIS_PREFIX), attempts: c.MAIL_ATTEMPTS, retryMs: c.MAIL_RETRY_MS, retryMaxMs: c.MAIL_RETRY_MAX_MS });
  const service = new MailService({ repo, settings, queue, journals: p.journals, activity: p.activity, logger: p.logger, origin: c });
  return {
    service,
    repo,
    queue,
    async stop() {
      await queue.close();
      queueConn.disconnect();
    },
  };
}
