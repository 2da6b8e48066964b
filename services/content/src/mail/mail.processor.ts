import { randomUUID } from 'node:crypto';
import type { Logger } from '@journal/server-kit';
import type { MailJob } from './mail.queue';
import type { MailHold, MailRecord, MailRepo, StoredAttachment } from './mail.repo';
import type { ComposedMail } from './mail-compose';
import { isPermanentSmtpError, type SmtpResult } from './smtp-sender';

/** Another send holds the message; the job comes back after its backoff. */
export class MailHeld extends Error {}

export interface MailProcessContext {
  repo: MailRepo;
  /** The message ready to go, and how each attachment went out. */
  compose: (r: MailRecord) => Promise<ComposedMail & { attachments: StoredAttachment[] }>;
  send: (m: ComposedMail, beforeEnd: () => Promise<void>) => Promise<SmtpResult>;
  leaseMs: number;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface MailStep {
  data: MailJob;
  /** Tries of this job so far, and how many it has. */
  attemptsMade: number;
  attempts: number;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

async function recordSent(ctx: MailProcessContext, r: MailRecord, hold: MailHold, m: ComposedMail & { attachments: StoredAttachment[] }) {
  // The server has it: never queued again from here. If even the third write fails, the record
  // stays `sending` past the end, and once its lease runs out it is sent again (marked resent).
  for (let i = 0; ; i++) {
    try {
      await ctx.repo.markSent(r.journalId, r.id, hold, m.attachments, m.subject);
      return;
    } catch (e) {
      if (i >= 2) throw e;
      await new Promise((res) => setTimeout(res, 200 * (i + 1)));
    }
  }
}

/**
 * One job of the `mail` queue: the state machine of docs/architecture.md#mail. A record already
 * sent or failed is left alone (a job run twice sends once); a send first takes the record with a
 * compare-and-set, so two workers never send it together.
 */
export async function processMail(step: MailStep, ctx: MailProcessContext): Promise<void> {
  const { journalId, mailId } = step.data;
  const r = await ctx.repo.get(journalId, mailId);
  if (!r || r.state === 'sent' || r.state === 'failed') return;
  const now = new Date();
  if (r.state === 'sending' && r.leaseUntil && r.leaseUntil > now) throw new MailHeld(`held by another send until ${r.leaseUntil.toISOString()}`);
  // A holder that stopped after recording the end of the message: the server may have it or not.
  // It is sent again with the same Message-ID, which mailboxes keep once (docs/architecture.md#mail).
  const uncertain = r.state === 'sending' && r.dataEnd;
  const lastTry = step.attemptsMade + 1 >= step.attempts;
  const hold = await ctx.repo.claim(journalId, mailId, randomUUID(), now, new Date(now.getTime() + ctx.leaseMs), uncertain);
  if (!hold) {
    const again = await ctx.repo.get(journalId, mailId);
    if (!again || again.state === 'sent' || again.state === 'failed') return;
    throw new MailHeld('taken by another send');
  }
  if (uncertain) ctx.logger.warn({ mailId, journalId }, 'mail sent again: its sender stopped after the end of the message went out, before the answer');
  let composed: (ComposedMail & { attachments: StoredAttachment[] }) | undefined;
  try {
    composed = await ctx.compose(r);
    await ctx.send(composed, async () => {
      if (!(await ctx.repo.markDataEnd(journalId, mailId, hold))) throw new MailHeld('the message was taken over by another send');
    });
  } catch (e) {
    const permanent = isPermanentSmtpError(e);
    const released = await ctx.repo.release(journalId, mailId, hold, errorText(e), permanent || lastTry).catch(() => false);
    ctx.logger.warn({ mailId, journalId, attempt: step.attemptsMade + 1, permanent, released, err: errorText(e) }, 'mail not sent');
    if (permanent) return;
    throw e;
  }
  await recordSent(ctx, r, hold, composed);
  ctx.logger.info({ mailId, journalId, event: r.event, attempt: r.attempts + 1 }, 'mail sent');
}
