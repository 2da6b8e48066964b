import type { MailQueue } from './mail.queue';
import type { MailRepo } from './mail.repo';

/**
 * Messages whose job was lost (Redis lost it, or the enqueue's add failed after the record was
 * stored) or whose sender stopped: each gets a fresh job unless one waits already. A job more is
 * harmless, as every job checks the record's state first.
 */
export async function sweepMail(o: { repo: MailRepo; queue: MailQueue; olderThanMs: number }): Promise<number> {
  const now = new Date();
  const waiting = await o.repo.waiting(new Date(now.getTime() - o.olderThanMs), now);
  let n = 0;
  for (const m of waiting) {
    const sweepId = `${m.id}-sweep-${m.version}`;
    if ((await o.queue.pending(m.id)) || (await o.queue.pending(sweepId))) continue;
    await o.queue.add({ journalId: m.journalId, mailId: m.id }, sweepId);
    n++;
  }
  return n;
}
