import { setTimeout as sleep } from 'node:timers/promises';
import { REQUEST_ID_HEADER, TENANT_HEADER, toPlainText } from '@journal/server-kit';
import { worklogLine, worklogStatusFor } from '@journal/contracts';
import type { HistoryEntry, Submission } from './submission.repo';
import type { SubmissionSettingsRepo } from './submission-settings.repo';

export interface WorklogNotesOptions {
  /** The work-log service's origin; empty writes nothing. */
  baseUrl: string;
  timeoutMs: number;
  settings: Pick<SubmissionSettingsRepo, 'get'>;
  logger: { warn(o: object, msg: string): void };
  /** Waits between tries (tests shorten them). */
  retryMs?: readonly number[];
}

const RETRY_MS = [1000, 5000, 25_000] as const;

/** Who made the move, as the entry names them. */
const whoOf = (s: Submission, by: HistoryEntry['by']) => (by.kind === 'author' ? `${s.given} ${s.family}`.trim() + ' (author)' : by.kind === 'staff' ? `${by.name} (${by.role})` : by.name);

/**
 * docs/product.md#submission-worklog: an entry in the journal's work-log for each submission event
 * the journal chose, written by the work-log service (POST /internal/webdata/entries, the same
 * path the pdf service uses to read content: HTTP inside the cluster, never through the gateway).
 * The key is the submission and the event's place in its history, so a retry never writes twice.
 * Written after the act has answered: a work-log that is down or slow never holds up or fails a
 * submission; an entry still not written after the retries is logged.
 */
export class WorklogNotes {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly o: WorklogNotesOptions) {}

  /** Called after a submission was created or moved: `s` as it is now, the move its last history entry. */
  noted(journalId: string, s: Submission): void {
    const entry = s.history[s.history.length - 1];
    if (!this.o.baseUrl || !entry) return;
    const p = this.write(journalId, s, entry).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when the entries under way are written or given up (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async write(journalId: string, s: Submission, entry: HistoryEntry): Promise<void> {
    try {
      const settings = await this.o.settings.get(journalId);
      if (!settings.worklogStates.includes(entry.to)) return;
      const body = JSON.stringify({
        key: `submission:${s.id}:${s.history.length}`,
        content: worklogLine({ number: s.number, to: entry.to, title: toPlainText(s.title), who: whoOf(s, entry.by), message: entry.message }),
        status: worklogStatusFor(entry.to, entry.by.kind),
        createdby: whoOf(s, entry.by).slice(0, 200),
      });
      const waits = this.o.retryMs ?? RETRY_MS;
      for (let attempt = 0; ; attempt++) {
        const problem = await this.post(journalId, body);
        if (!problem) return;
        if (attempt >= waits.length || problem.startsWith('refused')) {
          this.o.logger.warn({ journalId, submissionId: s.id, to: entry.to, problem }, 'work-log entry not written');
          return;
        }
        await sleep(waits[attempt]);
      }
    } catch (err) {
      this.o.logger.warn({ err, journalId, submissionId: s.id, to: entry.to }, 'work-log entry not written');
    }
  }

  /** '' when written; otherwise what went wrong ('refused …' for an answer a retry cannot change). */
  private async post(journalId: string, body: string): Promise<string> {
    try {
      const res = await fetch(`${this.o.baseUrl}/internal/webdata/entries`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [TENANT_HEADER]: journalId, [REQUEST_ID_HEADER]: `worklog-${Date.now().toString(36)}` },
        signal: AbortSignal.timeout(this.o.timeoutMs),
        redirect: 'error',
      });
      await res.body?.cancel();
      if (res.ok) return '';
      return res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429 ? `refused ${res.status}` : `answered ${res.status}`;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
}
