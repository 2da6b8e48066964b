import { randomUUID } from 'node:crypto';
import { AppError, eachLimit, type Logger } from '@journal/server-kit';
import type { Article } from '../archives/article.repo';
import type { Issue } from '../archives/issue.repo';
import type { Journal } from '../journals/journal.repo';
import type { Editor } from '../editors/editor.repo';
import type { IndexingItem } from '../indexing/indexing.repo';
import { articleViewOf, headOf, issueCountsOf, issueViewsOf, monthOf, statOf } from './view-build';
import { issueKeyOf, viewId, type IssueEntry } from './view-docs';
import type { StoredView } from './view.repo';
import { oaiEntries, oaiEntryOf, oaiViews } from './oai-views';
import { sitemapViews } from './sitemap-views';
import type { ViewStore } from './view-store';

/** A journal's stored documents, read for several journals at once by `rebuildAllViews`. */
export interface JournalDocs {
  journal: Journal | null;
  editors: Editor[];
  indexing: IndexingItem[];
  issues: Issue[];
  articles: Article[];
  files: Map<string, string>;
}

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
  /** The documents already read (first pass only; a pass after a write reads them again). */
  preloaded?: JournalDocs;
  /** The journal's change counter read before `preloaded` was. */
  preloadedAt?: number;
}

export interface RebuildResult {
  status: 'done' | 'busy' | 'interrupted' | 'gave-up';
  articles: number;
  /** Article views written by this run (a resumed run skips what the interrupted one wrote). */
  written: number;
  passes: number;
}

/**
 * Articles per batch: each batch reads the change counter and saves the progress (three round
 * trips) and writes its views under the journal's lock (a few hundred milliseconds for 500, which
 * an admin write may wait behind; VIEWS_LOCK waits 10 s).
 */
const BATCH = 500;
/**
 * Journals rebuilt at once by `rebuildAllViews`: while one waits on the database another's views
 * are made, and a deployment of small journals is not a string of round trips one after the other.
 */
const JOURNALS_AT_ONCE = 3;

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
  const { repo, lock } = store;
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
  const batch = Math.max(1, opts.batch ?? BATCH);
  const counterId = viewId.counter(journalId);
  const preloadedAt = opts.preloaded ? (opts.preloadedAt ?? -1) : -1;
  let written = 0;
  let total = 0;
  let passes = 0;
  try {
    while (passes < (opts.maxPasses ?? 5)) {
      passes++;
      const at = await repo.counter(counterId);
      // A journal never built (no head) has no view to replace: inserts, which FerretDB does
      // without reading the collection. The head goes last, so an interrupted first build is
      // still one on the next run.
      const first = !(await repo.get(viewId.head(journalId)));
      const write = (docs: StoredView[]) => (first ? repo.insert(docs) : repo.put(docs));
      // Documents read before the counter was taken could predate a write: only the first pass uses them.
      const pre = passes === 1 && opts.preloaded && at === preloadedAt ? opts.preloaded : undefined;
      const { journal, editors, indexing, issues, articles, files: versions } = pre ?? (await readJournal(store, journalId));
      const head = headOf({ journal, editors, indexing, issues, stats: {}, counts: issueCountsOf(articles), files: versions });
      const byIssue = issueViewsOf(articles, head, versions);
      const entries = new Map<string, IssueEntry>();
      for (const v of byIssue.values()) for (const e of v.articles) entries.set(e.id, e);
      // Each article's issue month by key (monthOf looks through the journal's issues: 5,000 of them at 100,000 articles).
      const months = new Map<string, string>();
      for (const a of articles) if (!months.has(issueKeyOf(a))) months.set(issueKeyOf(a), monthOf(head, a));
      const sorted = [...articles].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      total = sorted.length;
      let done = progress.after ? sorted.findIndex((a) => a.id > progress.after!) : 0;
      if (done < 0) done = sorted.length;
      await opts.progress?.(done, total);
      let stale = false;
      while (done < sorted.length) {
        const part = sorted.slice(done, done + batch);
        const docs = part.flatMap((a) => articleDocs(journalId, a, entries.get(a.id) ?? null, months.get(issueKeyOf(a)) ?? '', at));
        const ok = await lock.run(journalId, async () => {
          if ((await repo.counter(counterId)) !== at) return false;
          await write(docs);
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
      // The harvesters' indexes replace any stored ones whole (a chunk of an older one left over is never read: a directory names its chunks).
      const tombstones = await store.src.articles.tombstones.list(journalId);
      const oai = [...oaiViews(journalId, oaiEntries(articles, tombstones)), ...sitemapViews(journalId, byIssue.values())].map((v) => ({
        id: v.id,
        journalId,
        json: JSON.stringify(v.view),
        rev: at,
      }));
      const ok = await lock.run(journalId, async () => {
        if ((await repo.counter(counterId)) !== at) return false;
        // Issue views no longer listed are left: nothing reads an issue the head does not list.
        await write(finals.slice(0, -1));
        await repo.put([...oai, ...finals.slice(-1)]);
        return true;
      });
      if (!ok) continue;
      await store.announceRebuilt({ journalId, at, articles, entries, counter: () => repo.counter(counterId), src: store.src });
      await repo.releaseLease(leaseId, owner, true);
      opts.logger.info({ journalId, articles: total, written, passes }, 'views rebuilt');
      return { status: 'done', articles: total, written, passes };
    }
    await repo.releaseLease(leaseId, owner, false);
    opts.logger.warn({ journalId, passes }, 'views rebuild gave up: writes kept landing; run it again');
    return { status: 'gave-up', articles: total, written, passes };
  } catch (err) {
    await repo.releaseLease(leaseId, owner, false).catch(() => undefined);
    // The journal's writer lock held past its wait (an admin write, or a rebuild that died holding
    // it, whose lock expires): busy like a held lease; what was written stays, and a run resumes.
    if (err instanceof AppError && err.code === 'busy') return { status: 'busy', articles: total, written, passes };
    throw err;
  }
}

async function readJournal(store: ViewStore, journalId: string): Promise<JournalDocs> {
  const { src } = store;
  const [journal, editors, indexing, issues, articles, files] = await Promise.all([
    src.journals.findById(journalId),
    src.editors.list(journalId),
    src.indexing.list(journalId),
    src.issues.list(journalId),
    src.articles.list(journalId),
    src.files.versionsByJournal(journalId),
  ]);
  return { journal, editors, indexing, issues, articles, files: files.get(journalId) ?? new Map() };
}

/**
 * Every journal's views (`jp views rebuild` without --journal, the publisher seed): the documents
 * of a group of journals read with one query per collection, so the rebuild of a deployment costs
 * a scan per group rather than per journal where the database scans (FerretDB). Each journal is
 * then rebuilt as `rebuildJournalViews` does (lease, progress, writes winning).
 */
export async function rebuildAllViews(
  store: ViewStore,
  journalIds: string[],
  opts: RebuildOptions & {
    /** Articles held in memory at once (a group of journals), 50,000 by default. */
    groupArticles?: number;
    progressOf?: (journalId: string) => RebuildOptions['progress'];
    onJournal?: (journalId: string, r: RebuildResult) => void | Promise<void>;
  },
): Promise<Map<string, RebuildResult>> {
  const { src, repo } = store;
  const out = new Map<string, RebuildResult>();
  // The change counters first: a write after them makes a journal's first pass read everything again.
  const counters = new Map<string, number>();
  await eachLimit(journalIds, JOURNALS_AT_ONCE, async (j) => void counters.set(j, await repo.counter(viewId.counter(j))));
  const [journals, editors, indexing, issues, files] = await Promise.all([
    src.journals.listAll(),
    src.editors.listByJournal(),
    src.indexing.listByJournal(),
    src.issues.listByJournal(),
    src.files.versionsByJournal(),
  ]);
  const byId = new Map(journals.map((j) => [j.id, j]));
  // Groups of journals: the articles of one group are held in memory at once. The first group is
  // one journal; each next one is sized by the articles per journal read so far (counting the
  // articles up front would cost a pass over them on FerretDB).
  const budget = opts.groupArticles ?? 50_000;
  let perGroup = 1;
  let read = 0;
  for (let i = 0; i < journalIds.length; ) {
    const group = journalIds.slice(i, i + perGroup);
    i += group.length;
    const articles = await src.articles.listByJournals(group);
    for (const list of articles.values()) read += list.length;
    perGroup = Math.max(1, Math.floor(budget / Math.max(1, Math.ceil(read / i))));
    await eachLimit(group, JOURNALS_AT_ONCE, async (j) => {
      const preloaded: JournalDocs = {
        journal: byId.get(j) ?? null,
        editors: editors.get(j) ?? [],
        indexing: indexing.get(j) ?? [],
        issues: issues.get(j) ?? [],
        articles: articles.get(j) ?? [],
        files: files.get(j) ?? new Map(),
      };
      const r = await rebuildJournalViews(store, j, { ...opts, progress: opts.progressOf?.(j) ?? opts.progress, preloaded, preloadedAt: counters.get(j)! });
      out.set(j, r);
      await opts.onJournal?.(j, r);
    });
  }
  return out;
}

function articleDocs(journalId: string, a: Article, entry: IssueEntry | null, month: string, rev: number): StoredView[] {
  // A listed article's datestamp is its entry's date in its issue view: its locator does not repeat it (see LocView.o).
  const o = entry ? undefined : oaiEntryOf(a)?.t;
  const out: StoredView[] = [{ id: viewId.loc(journalId, a.id), journalId, json: JSON.stringify({ ref: a.refnumber ?? '', key: issueKeyOf(a), ...(o !== undefined ? { o } : {}) }), rev }];
  const view = a.refnumber ? articleViewOf(a, entry, month) : null;
  if (view) out.push({ id: viewId.article(journalId, a.refnumber), journalId, json: JSON.stringify(view), rev });
  return out;
}
