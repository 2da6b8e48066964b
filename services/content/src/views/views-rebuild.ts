import { randomUUID } from 'node:crypto';
import type { Logger } from '@journal/server-kit';
import type { Article } from '../archives/article.repo';
import { articleViewOf, headOf, issueViewsOf, monthOf, statOf } from './view-build';
import { issueKeyOf, viewId, type IssueEntry } from './view-docs';
import type { StoredView } from './view.repo';
import type { ViewStore } from './view-store';

export interface RebuildOptions {
  logger: Logger;
  /** Articles done so far of the journal's total, after each batch (the CLI's progress bar); awaited. */
  progress?: (done: number, total: number) => void | Promise<void>;
  /** Articles per batch (views written in one round trip, under the journal's lock). */
  batch?: number;
  /** How long the lease holds without renewal (a crashed rebuild frees it after this). */
  leaseMs?: number;
  /** Stop (as if interrupted) once this many articles are done in this run: tests of the resume. */
  stopAfter?: number;
  /** Passes tried while admin writes keep landing before the rebuild gives up (and says so). */
  maxPasses?: number;
}

export interface RebuildResult {
  status: 'done' | 'busy' | 'interrupted' | 'gave-up';
  articles: number;
  /** Article views written by this run (a resumed run skips what the interrupted one wrote). */
  written: number;
  passes: number;
}

interface Progress {
  /** Article views are written in id order: every id up to this one is done. */
  after?: string;
}

/**
 * Builds every view of one journal from its stored documents: resumable (progress in the lease
 * document), one rebuilder per journal at a time (the lease), and safe beside admin writes: each
 * batch is written under the journal's lock only while the journal's change counter still has the
 * value it had when the articles were read; when a write landed meanwhile, the articles are read
 * again and the rebuild goes on from where it was, so a rebuild never overwrites a newer view.
 */
export async function rebuildJournalViews(store: ViewStore, journalId: string, opts: RebuildOptions): Promise<RebuildResult> {
  const { repo, src, lock } = store;
  const leaseId = viewId.rebuild(journalId);
  const leaseMs = opts.leaseMs ?? 60_000;
  const owner = randomUUID();
  const lease = await repo.takeLease(leaseId, journalId, owner, leaseMs);
  if (!lease) return { status: 'busy', articles: 0, written: 0, passes: 0 };
  let progress: Progress = {};
  try {
    progress = lease.progress ? (JSON.parse(lease.progress) as Progress) : {};
  } catch {
    progress = {};
  }
  if (progress.after) opts.logger.info({ journalId, after: progress.after }, 'views rebuild resumed');
  const batch = Math.max(1, opts.batch ?? 100);
  const counterId = viewId.counter(journalId);
  let written = 0;
  let total = 0;
  let passes = 0;
  try {
    while (passes < (opts.maxPasses ?? 5)) {
      passes++;
      const at = await repo.counter(counterId);
      const [journal, editors, indexing, issues, articles, files] = await Promise.all([
        src.journals.findById(journalId),
        src.editors.list(journalId),
        src.indexing.list(journalId),
        src.issues.list(journalId),
        src.articles.list(journalId),
        src.files.versionsByJournal(journalId),
      ]);
      const versions = files.get(journalId) ?? new Map<string, string>();
      const head = headOf({ journal, editors, indexing, issues, stats: {}, files: versions });
      const byIssue = issueViewsOf(articles, head, versions);
      const entries = new Map<string, IssueEntry>();
      for (const v of byIssue.values()) for (const e of v.articles) entries.set(e.id, e);
      const sorted = [...articles].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      total = sorted.length;
      let done = progress.after ? sorted.findIndex((a) => a.id > progress.after!) : 0;
      if (done < 0) done = sorted.length;
      await opts.progress?.(done, total);
      let stale = false;
      while (done < sorted.length) {
        const part = sorted.slice(done, done + batch);
        const docs = part.flatMap((a) => articleDocs(journalId, a, entries.get(a.id) ?? null, monthOf(head, a), at));
        const ok = await lock.run(journalId, async () => {
          if ((await repo.counter(counterId)) !== at) return false;
          await repo.put(docs);
          return true;
        });
        if (!ok) {
          stale = true;
          break;
        }
        done += part.length;
        written += part.length;
        progress = { after: part[part.length - 1]!.id };
        if (!(await repo.saveProgress(leaseId, owner, JSON.stringify(progress), leaseMs))) {
          return { status: 'interrupted', articles: total, written, passes };
        }
        await opts.progress?.(done, total);
        if (opts.stopAfter !== undefined && written >= opts.stopAfter && done < sorted.length) {
          await repo.releaseLease(leaseId, owner, false);
          return { status: 'interrupted', articles: total, written, passes };
        }
      }
      if (stale) {
        opts.logger.info({ journalId }, 'views rebuild: an admin write landed meanwhile; reading the articles again');
        continue;
      }
      for (const v of byIssue.values()) head.stats[issueKeyOf(v.key)] = statOf(v)!;
      head.complete = true;
      const finals: StoredView[] = [...byIssue.values()].map((v) => ({ id: viewId.issue(journalId, v.key), journalId, json: JSON.stringify(v), rev: at }));
      finals.push({ id: viewId.head(journalId), journalId, json: JSON.stringify(head), rev: at });
      const ok = await lock.run(journalId, async () => {
        if ((await repo.counter(counterId)) !== at) return false;
        // Issue views no longer listed are left: nothing reads an issue the head does not list.
        await repo.put(finals);
        return true;
      });
      if (!ok) continue;
      await repo.releaseLease(leaseId, owner, true);
      opts.logger.info({ journalId, articles: total, written, passes }, 'views rebuilt');
      return { status: 'done', articles: total, written, passes };
    }
    await repo.releaseLease(leaseId, owner, false);
    opts.logger.warn({ journalId, passes }, 'views rebuild gave up: writes kept landing; run it again');
    return { status: 'gave-up', articles: total, written, passes };
  } catch (err) {
    await repo.releaseLease(leaseId, owner, false).catch(() => undefined);
    throw err;
  }
}

function articleDocs(journalId: string, a: Article, entry: IssueEntry | null, month: string, rev: number): StoredView[] {
  const out: StoredView[] = [{ id: viewId.loc(journalId, a.id), journalId, json: JSON.stringify({ ref: a.refnumber ?? '', key: issueKeyOf(a) }), rev }];
  const view = a.refnumber ? articleViewOf(a, entry, month) : null;
  if (view) out.push({ id: viewId.article(journalId, a.refnumber), journalId, json: JSON.stringify(view), rev });
  return out;
}
