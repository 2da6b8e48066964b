import type { Logger } from '@journal/server-kit';
import { CrossrefRefused, CrossrefUnavailable, type CrossrefClient, type CrossrefCredentials } from './crossref.client';
import type { DepositRepo, Submission } from './deposit.repo';
import type { DepositJob, DepositQueue } from './deposit.queue';

export interface DepositContext {
  store: DepositRepo;
  client: CrossrefClient;
  queue: DepositQueue;
  credentials: (journalId: string) => Promise<CrossrefCredentials | null>;
  logger: Pick<Logger, 'info' | 'warn'>;
  pollMs: number;
  pollRounds: number;
  attempts: number;
}

/** What a step needs of its BullMQ job: the data and which try this is (0-based). */
export interface DepositStep {
  data: DepositJob;
  attemptsMade: number;
}

async function fail(ctx: DepositContext, s: Submission, message: string): Promise<void> {
  await ctx.store.updateSubmission(s.journalId, s.id, { state: 'failed', progress: 'Failed', message });
  const states = await ctx.store.statesOf(s.journalId, s.articleIds);
  await ctx.store.setStates(
    s.journalId,
    s.articleIds.map((id) => ({ articleId: id, refnumber: states.get(id)?.refnumber ?? '', doi: states.get(id)?.doi ?? '', state: 'failed' as const, message, submissionId: s.id })),
  );
  ctx.logger.warn({ submissionId: s.id, journalId: s.journalId, message }, 'crossref deposit failed');
}

/**
 * One step of a deposit: the upload, or one read of Crossref's submission log. Crossref refusing
 * (wrong login, rejected file) fails the submission with Crossref's words; Crossref out of reach
 * throws, so the queue tries again later, until the last try reports it.
 */
export async function runDepositStep(step: DepositStep, ctx: DepositContext): Promise<void> {
  const { journalId, submissionId } = step.data;
  const s = await ctx.store.getSubmission(journalId, submissionId);
  if (!s) return;
  // The first read is queued just before the upload's state is written: a read that comes in
  // between is tried again later rather than dropped.
  if (step.data.kind === 'poll' && s.state === 'queued') throw new Error('The upload is not recorded yet');
  const expected = step.data.kind === 'upload' ? 'queued' : 'submitted';
  // A step that already happened (a re-delivered job) does nothing.
  if (s.state !== expected) return;
  const creds = await ctx.credentials(journalId);
  if (!creds) return fail(ctx, s, 'The journal has no readable Crossref username and password: set them again and retry');
  const lastTry = step.attemptsMade + 1 >= ctx.attempts;
  try {
    if (step.data.kind === 'upload') {
      await ctx.store.updateSubmission(journalId, s.id, { progress: step.attemptsMade ? `Uploading to Crossref (try ${step.attemptsMade + 1})` : 'Uploading to Crossref' });
      await ctx.client.deposit(creds, s.fileName, s.xml);
      // The next read is queued before the state says so: a crash in between leaves a read to do.
      await ctx.queue.add({ kind: 'poll', journalId, submissionId: s.id, round: 1 }, ctx.pollMs);
      // The articles first: the read waits until the submission says submitted, so it can never
      // finish them before this marks them (and overwrite its outcome with 'submitted').
      await ctx.store.markSubmitted(journalId, s.id, s.articleIds);
      await ctx.store.updateSubmission(journalId, s.id, { state: 'submitted', progress: 'Uploaded; waiting for Crossref to process it', message: '' });
      ctx.logger.info({ submissionId: s.id, journalId, articles: s.articleIds.length }, 'crossref deposit uploaded');
      return;
    }
    const round = step.data.round;
    const log = await ctx.client.result(creds, s.fileName);
    if (!log.done) {
      if (round >= ctx.pollRounds) return fail(ctx, s, `Crossref had not processed the submission after ${round} reads of its log (last status: ${log.status})`);
      await ctx.queue.add({ kind: 'poll', journalId, submissionId: s.id, round: round + 1 }, ctx.pollMs);
      await ctx.store.updateSubmission(journalId, s.id, { progress: `Crossref: ${log.status.replace(/_/g, ' ')} (read ${round})` });
      return;
    }
    const byDoi = new Map(log.records.map((r) => [r.doi.toLowerCase(), r]));
    const states = await ctx.store.statesOf(journalId, s.articleIds);
    const rows = s.articleIds.map((id) => {
      const st = states.get(id);
      const r = byDoi.get((st?.doi ?? '').toLowerCase());
      const base = { articleId: id, refnumber: st?.refnumber ?? '', doi: st?.doi ?? '', submissionId: s.id };
      if (!r) return { ...base, state: 'failed' as const, message: 'Crossref\'s log does not mention this DOI' };
      return { ...base, state: r.status === 'failure' ? ('failed' as const) : ('registered' as const), message: r.status === 'success' ? '' : r.message };
    });
    await ctx.store.setStates(journalId, rows);
    const registered = rows.filter((r) => r.state === 'registered').length;
    const warned = log.records.filter((r) => r.status === 'warning').length;
    const failed = rows.length - registered;
    await ctx.store.updateSubmission(journalId, s.id, {
      state: 'completed',
      progress: 'Done',
      message: `${registered} registered${warned ? ` (${warned} with warnings)` : ''}, ${failed} failed`,
    });
    ctx.logger.info({ submissionId: s.id, journalId, registered, failed }, 'crossref deposit done');
  } catch (e) {
    if (e instanceof CrossrefRefused) return fail(ctx, s, e.message);
    if (e instanceof CrossrefUnavailable) {
      if (lastTry) return fail(ctx, s, `${e.message}; gave up after ${ctx.attempts} tries`);
      await ctx.store.updateSubmission(journalId, s.id, { progress: `${e.message}; trying again (try ${step.attemptsMade + 1} of ${ctx.attempts})` });
      ctx.logger.warn({ submissionId: s.id, journalId, attempt: step.attemptsMade + 1, reason: e.message }, 'crossref unreachable, retrying');
    }
    throw e;
  }
}
