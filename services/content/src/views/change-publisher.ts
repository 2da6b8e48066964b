import type { Logger } from '@journal/server-kit';
import { isPublicArticle, type Article } from '../archives/article.repo';
import { assetPath, assetVersion, versionedUrl } from '../files/file-store';
import { cacheTag, type ChangeListener } from './cache-tags';
import { articleViewOf, entryOf, headIssue, monthOf, sortEntries, statOf } from './view-build';
import { issueKeyOf, issueOfPdfPath, parseIssueKey, UnparsedHead, viewId, type HeadView, type IssueEntry, type IssueStat, type IssueView, type LocView, type OaiDirectory } from './view-docs';
import type { ViewChange } from './view-cache';
import type { LoadedHead, ViewStore } from './view-store';
import { rebuildJournalViews } from './views-rebuild';
import { oaiEntryOf, patchOaiViews, type OaiMove } from './oai-views';
import { patchSitemapViews, sitemapEntryJson } from './sitemap-views';
import { traced } from '../shared/save-trace';

/**
 * What an admin write changed, named by document. `all`: the journal's views are rebuilt (seeds,
 * imports, fixes made straight in the database).
 */
export type ContentChange =
  | { t: 'article'; id: string }
  | { t: 'issue'; id: string }
  | { t: 'editor'; id: string }
  | { t: 'indexing'; id: string }
  | { t: 'journal' }
  | { t: 'file'; path: string }
  | { t: 'all' };

/** Tells the replicas (this one included) which stored views were replaced. Never throws. */
export type ViewAnnouncer = (journalId: string, changes: ViewChange[]) => Promise<void>;

/** One article a write changed: as stored now (null: deleted) and its public list entry (null: not public). */
export interface ArticleChange {
  id: string;
  article: Article | null;
  entry: IssueEntry | null;
}

/**
 * Told of the articles each write changed, once per write, on the replica that made it and before
 * the other replicas are told: the one place a per-article index (the search store) is kept current.
 */
export type ArticleListener = (journalId: string, changes: ArticleChange[]) => Promise<void> | void;

/** One write's work: the views read and changed, written together at the end. */
interface Pass {
  journalId: string;
  /**
   * The head as loaded (null: none stored), parsed by the pass's first need of it (headOf); read
   * then too, where the process holds it free (PassReads.head).
   */
  stored?: LoadedHead | null;
  /** The head's read, once started (PassReads.head, or the pass's first need of it). */
  headRead?: Promise<LoadedHead | null>;
  /** The head once a need of it resolved it (headOf): the stored one, or one built from the documents. */
  head?: HeadView;
  resolving?: Promise<HeadView>;
  headDirty: boolean;
  /**
   * Whether the head's admin counts (HeadView.counts) move with the articles this pass sees enter
   * and leave issues: true for a stored head; false for one built in this pass, from the articles
   * as stored after the write (its counts already hold it).
   */
  countsFollow: boolean;
  /** The admin counts moved (the head is then stored, though no public page changes with it). */
  countsMoved: boolean;
  issues: Map<string, IssueView>;
  dirtyIssues: Set<string>;
  /** Each stored issue view's stat as this pass read it (the head stores the same: see apply). */
  statsBefore: Map<string, IssueStat | null>;
  /** Each stored issue view's sitemap entry as this pass read it: an issue whose entry is the same after it leaves the sitemap index alone. */
  sitemapBefore: Map<string, string>;
  puts: Map<string, unknown>;
  removes: Set<string>;
  tags: Set<string>;
  files: Set<string>;
  /** Versioned file URLs no longer served after this write (see PublishedChange.retired). */
  retired: Set<string>;
  articleEvents: ArticleChange[];
  /**
   * Where each article this pass has moved stands now (null: gone): a second change of the same
   * article in one write (its PDF's, an issue's) starts from there, not from the locator stored
   * before the write, which would leave it listed twice.
   */
  locs: Map<string, LocView | null>;
  /** Each changed article's OAI-PMH entry: where it was before this write (its first locator) and is now. */
  oai: Map<string, OaiMove>;
  /** Each changed article and its stored locator, read as the pass began; taken by its first article(). */
  early: Map<string, Promise<ArticleRead>>;
  /** Issue views and PDF versions read ahead (PassReads.issues); each used once, by the first read of its issue or path. */
  earlyIssues: Promise<EarlyIssue | null>[];
  /** The article listeners told of this pass's changes (started once they are known; awaited beside the views' write). */
  searched?: Promise<void>;
}

/** What a write under the views lock stored (writeThenChanged): its answer, its changes, the articles as stored. */
export interface LockedWrite<T> {
  value: T;
  changes: ContentChange[];
  articles: Article[];
}

/** An article as stored now and its locator as stored (null when this pass has already moved it: see Pass.locs). */
type ArticleRead = [Article | null, { view: LocView } | null];

/**
 * The reads a pass starts with: the change counter's bump, the head, and for the articles it
 * names their locators and the OAI-PMH directory. Independent round trips, sent side by side, and
 * before the write itself when its articles are known ahead (writeThenChanged).
 */
interface PassReads {
  rev: Promise<number>;
  /**
   * Undefined where this process holds the journal's head free from its last save: a save mostly
   * needs nothing of it (see headOf), and even its version's read costs the database the whole
   * document (FerretDB reads a document whole to project it): it is read at the pass's first need.
   */
  head?: Promise<LoadedHead | null>;
  oaiDir?: Promise<{ view: OaiDirectory } | null>;
  locs: Map<string, Promise<{ view: LocView } | null>>;
  /**
   * The issue view each article's stored locator names, read as soon as the locator is (beside the
   * write), with the version of the PDF its entry there points at: the views' next round trip, sent
   * early. Used where the pass reads that issue, or that PDF, again (issueView, article).
   */
  issues: Promise<EarlyIssue | null>[];
}

/** An issue view read ahead (PassReads.issues), and its article's PDF's version as then stored, by path. */
interface EarlyIssue {
  key: string;
  stored: { view: IssueView } | null;
  pdf?: { path: string; version: Promise<string | undefined> };
}

/**
 * The one change path of the content service: every admin write hands what it changed here. The
 * publisher patches the stored views the change touches (read by `_id`, patched, written: never a
 * scan of the journal), tells every replica which views to drop through the change feed, and hands
 * the cache tags of the touched answers to the registered listeners (an edge purger).
 */
/** How long a journal's views are retried after a failed change before an operator is asked to rebuild them. */
const CATCH_UP_FOR_MS = 60 * 60_000;

export class ChangePublisher {
  private readonly listeners: ChangeListener[] = [];
  private readonly articleListeners: ArticleListener[] = [];

  constructor(
    private readonly store: ViewStore,
    private readonly announce: ViewAnnouncer,
    private readonly logger: Logger,
  ) {}

  /** Registers a listener of published changes (cache tags); returns a function that removes it. */
  onPublished(listener: ChangeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Registers a listener of article changes (a search index). */
  onArticle(listener: ArticleListener): void {
    this.articleListeners.push(listener);
  }

  /**
   * After a stored write: views patched and every replica told before this resolves (the writer reads its own write).
   * A failure here (the database gone half-way) leaves a stored write its views do not show: the
   * journal's views are then rebuilt in the background until that succeeds, and the error goes on.
   */
  async changed(journalId: string, changes: ContentChange[]): Promise<void> {
    if (!changes.length) return;
    try {
      await this.publish(journalId, changes);
    } catch (err) {
      this.catchUp(journalId);
      throw err;
    }
  }

  private readonly catchingUp = new Set<string>();

  /** Rebuilds a journal's views after a failed change, retrying with backoff (1 s doubling to 30 s, for an hour). */
  private catchUp(journalId: string): void {
    if (this.catchingUp.has(journalId)) return;
    this.catchingUp.add(journalId);
    const started = Date.now();
    const attempt = (waitMs: number): void => {
      const timer = setTimeout(() => {
        this.publish(journalId, [{ t: 'all' }]).then(
          () => {
            this.catchingUp.delete(journalId);
            this.logger.info({ journalId }, 'views caught up after a failed change');
          },
          (err: unknown) => {
            if (Date.now() - started > CATCH_UP_FOR_MS) {
              this.catchingUp.delete(journalId);
              this.logger.error({ err, journalId }, 'views did not catch up after a failed change: run jp views rebuild');
              return;
            }
            attempt(Math.min(waitMs * 2, 30_000));
          },
        );
      }, waitMs);
      timer.unref();
    };
    attempt(1_000);
  }

  private async publish(journalId: string, changes: ContentChange[]): Promise<void> {
    if (!changes.some((c) => c.t === 'all')) {
      // `locked`: the lock's wait and `views`, the views' work under it.
      const pass = await traced('locked', () => this.store.lock.run(journalId, () => traced('views', () => this.apply(journalId, changes))));
      return this.told(journalId, pass);
    }
    // Bumping the counter first makes a rebuild already running start over with this change in it.
    await this.store.lock.run(journalId, () => this.store.repo.bump(viewId.counter(journalId), journalId));
    const r = await rebuildJournalViews(this.store, journalId, { logger: this.logger });
    if (r.status === 'busy') this.logger.info({ journalId }, 'views rebuild already running elsewhere: it takes this change in');
    await this.tell(journalId, [{ t: 'all' }], [cacheTag.journal(journalId)]);
  }

  /**
   * A write of articles made under the journal's views lock, its change published in the same
   * hold: the articles it answers are as stored when the views are patched, so they are not read
   * again (a write elsewhere landed before it, and is in what it answers, or lands after it and
   * publishes after it). A `write` that throws or answers null publishes nothing; a failure after
   * it is handled as changed() handles one. `articles`: the ids the write will change, when known:
   * the pass's first reads go out beside the write (its counter is then bumped even when the write
   * changes nothing, which costs a views rebuild running meanwhile one more round, nothing else).
   */
  async writeThenChanged<T>(journalId: string, write: () => Promise<LockedWrite<T> | null>, articles: readonly string[] = []): Promise<T | null> {
    const done: { w?: LockedWrite<T> } = {};
    try {
      const pass = await traced('locked', () =>
        this.store.lock.run(journalId, async () => {
          const reads = articles.length ? this.startReads(journalId, articles) : undefined;
          const w = await write();
          if (!w) return null;
          done.w = w;
          return traced('views', () => this.apply(journalId, w.changes, w.articles, reads));
        }),
      );
      if (pass) await this.told(journalId, pass);
      return done.w?.value ?? null;
    } catch (err) {
      if (done.w) this.catchUp(journalId);
      throw err;
    }
  }

  /** Every replica told which views a pass replaced, then the change listeners given its cache tags. */
  private told(journalId: string, pass: Pass): Promise<void> {
    const articles = lastChanges(pass);
    const announced: ViewChange[] = [{ t: 'views', ids: [...pass.puts.keys(), ...pass.removes], files: [...pass.files], ...(articles.length ? { articles: articles.map((e) => e.id) } : {}) }];
    return this.tell(journalId, announced, [...pass.tags], [...pass.retired], pass.head?.journal?.hosts ?? []);
  }

  private async tell(journalId: string, announced: ViewChange[], tags: string[], retired: string[] = [], hosts: string[] = []): Promise<void> {
    await traced('feed', () => this.announce(journalId, announced));
    for (const l of this.listeners) {
      try {
        await traced('queue', async () => l({ journalId, tags, ...(retired.length ? { retired, hosts } : {}) }));
      } catch (err) {
        this.logger.warn({ err, journalId }, 'change listener failed');
      }
    }
  }

  /** Hands a write's article changes to each article listener; a failing one is logged, never thrown. */
  private async tellArticles(journalId: string, articles: ArticleChange[]): Promise<void> {
    if (!articles.length) return;
    for (const l of this.articleListeners) {
      try {
        await traced('search', async () => l(journalId, articles));
      } catch (err) {
        this.logger.warn({ err, journalId }, 'article listener failed');
      }
    }
  }

  /** The journal's views were rebuilt elsewhere (the CLI, a seed): every replica drops what it holds of it. */
  async announceAll(journalId: string): Promise<void> {
    await this.announce(journalId, [{ t: 'all' }]);
    for (const l of this.listeners) {
      try {
        await l({ journalId, tags: [cacheTag.journal(journalId)] });
      } catch (err) {
        this.logger.warn({ err, journalId }, 'change listener failed');
      }
    }
  }

  /** The whole journal changed: its views are rebuilt and every replica drops what it holds of it. */
  invalidate(journalId: string): Promise<void> {
    return this.changed(journalId, [{ t: 'all' }]);
  }

  /** A pass's first reads (see PassReads), sent at once; consumed by apply() or by nothing (a write that failed): never an unhandled rejection. */
  private startReads(journalId: string, articles: readonly string[]): PassReads {
    const reads: PassReads = {
      rev: this.store.repo.bump(viewId.counter(journalId), journalId),
      head: this.store.headHeld(journalId) ? undefined : this.store.loadHead(journalId),
      // An article's change moves its OAI-PMH entry: the index's directory is read beside them too.
      oaiDir: articles.length ? this.store.load('oai', journalId, viewId.oai(journalId)) : undefined,
      locs: new Map(articles.map((id) => [id, this.store.load('loc', journalId, viewId.loc(journalId, id))])),
      issues: [],
    };
    for (const [id, loc] of reads.locs) reads.issues.push(loc.then((l) => (l ? this.readIssueAhead(journalId, id, l.view.key) : null)));
    for (const p of [reads.rev, reads.head, reads.oaiDir, ...reads.locs.values(), ...reads.issues]) p?.catch(() => undefined);
    return reads;
  }

  /** The issue view `key` and the version of the PDF article `id` is listed with there (see PassReads.issues). */
  private async readIssueAhead(journalId: string, id: string, key: string): Promise<EarlyIssue> {
    const stored = await this.store.load('issue', journalId, viewId.issue(journalId, key));
    const path = stored?.view.articles.find((e) => e.id === id)?.pdf_url?.split('?')[0];
    if (!path) return { key, stored };
    const version = this.store.src.files.stat(journalId, path).then((f) => (f ? assetVersion(f.etag) : undefined));
    version.catch(() => undefined);
    return { key, stored, pdf: { path, version } };
  }

  /** `known`: changed articles as a write under this lock stored them (not read again); `started`: the pass's first reads, begun beside that write. */
  private async apply(journalId: string, changes: ContentChange[], known: readonly Article[] = [], started?: PassReads): Promise<Pass> {
    // The changed articles and their locators are read under the lock (a write that lands later
    // publishes after this one), side by side with the counter and the head: independent round
    // trips, and a save waits on each (behind readers, on a busy process).
    const ids = [...new Set(changes.flatMap((c) => (c.t === 'article' ? [c.id] : [])))];
    const reads = started ?? this.startReads(journalId, ids);
    const early = new Map<string, Promise<ArticleRead>>();
    const given = new Map(known.map((a) => [a.id, a]));
    for (const id of ids) early.set(id, this.readArticle(journalId, id, false, given.get(id), reads.locs.get(id)));
    // Consumed by article() or not at all (a failed pass): never an unhandled rejection.
    for (const p of early.values()) p.catch(() => undefined);
    const oaiDir = ids.length ? (reads.oaiDir ?? this.store.load('oai', journalId, viewId.oai(journalId))) : undefined;
    oaiDir?.catch(() => undefined);
    const [rev, stored] = await Promise.all([reads.rev, reads.head]);
    const pass: Pass = {
      journalId,
      ...(reads.head ? { stored, headRead: reads.head } : {}),
      headDirty: false,
      countsFollow: false,
      countsMoved: false,
      issues: new Map(),
      dirtyIssues: new Set(),
      statsBefore: new Map(),
      sitemapBefore: new Map(),
      puts: new Map(),
      removes: new Set(),
      tags: new Set(),
      files: new Set(),
      retired: new Set(),
      articleEvents: [],
      locs: new Map(),
      oai: new Map(),
      early,
      earlyIssues: reads.issues,
    };
    // None stored, or one to store again: resolved (built, or parsed) now.
    if (reads.head && (!stored || stored.unversioned)) await this.headOf(pass);
    const seen = new Set<string>();
    for (const c of changes) {
      const k = JSON.stringify(c);
      if (seen.has(k)) continue;
      seen.add(k);
      await this.one(pass, c);
    }
    // The articles' search entries are known now: the search index's own lock, reads and write go
    // out beside the harvesters' indexes and the views' write (tellArticles never throws).
    pass.searched = this.tellArticles(journalId, lastChanges(pass));
    for (const key of pass.dirtyIssues) {
      const v = pass.issues.get(key)!;
      const s = statOf(v);
      // The head stores each issue's stat as the issue view stored beside it under this lock has it:
      // a stat the same as the stored view's leaves the head as it is, without it being parsed.
      const before = pass.statsBefore.get(key);
      const same = before !== undefined && s?.n === before?.n && s?.m === before?.m;
      const head = same && !pass.head ? undefined : await this.headOf(pass);
      const was = head ? head.stats[key] : before;
      // The head (the layout of every page) changes only when the issue's count or month does: an
      // article edited in place leaves every page but its own and its issue's cached.
      if (head && (s?.n !== was?.n || s?.m !== was?.m)) {
        if (s) head.stats[key] = s;
        else delete head.stats[key];
        pass.headDirty = true;
        pass.tags.add(cacheTag.index(journalId));
      }
      if (v.articles.length) pass.puts.set(viewId.issue(journalId, key), v);
      else pass.removes.add(viewId.issue(journalId, key));
    }
    // The harvesters' indexes (OAI-PMH, sitemap): the entries and issues this write moved. An
    // issue's sitemap entry (its URLs, their days) mostly stays as it was: its index is not read.
    const sitemapMoved = [...pass.dirtyIssues].filter((k) => pass.sitemapBefore.get(k) !== sitemapEntryJson(pass.issues.get(k)!)).map((k) => pass.issues.get(k)!);
    const [oai, sitemap] = await Promise.all([
      pass.oai.size ? patchOaiViews(this.store, journalId, [...pass.oai.values()], oaiDir) : null,
      sitemapMoved.length ? patchSitemapViews(this.store, journalId, sitemapMoved) : null,
    ]);
    for (const w of [oai, sitemap]) {
      for (const [id, v] of w?.puts ?? []) pass.puts.set(id, v);
      for (const id of w?.removes ?? []) pass.removes.add(id);
    }
    return this.write(pass, rev);
  }

  /** A pass's views and its articles' search entries written. */
  private async write(pass: Pass, rev: number): Promise<Pass> {
    const { repo } = this.store;
    const { journalId, countsMoved } = pass;
    // Only the admin's counts moved: the head is stored, no public page changes with it.
    if (pass.headDirty || countsMoved) pass.puts.set(viewId.head(journalId), await this.headOf(pass));
    // Versioned URLs retired: the journal's hosts are purged of them (told).
    if (pass.retired.size) await this.headOf(pass);
    for (const id of pass.puts.keys()) pass.removes.delete(id);
    const puts = [...pass.puts].map(([id, v]) => ({ id, journalId, json: JSON.stringify(v), rev }));
    // Disjoint ids (none removed is put): written side by side.
    // The article listeners (the search index's own read-modify-write, started in apply) are done
    // with the views' write before any replica is told.
    await Promise.all([repo.put(puts), repo.remove([...pass.removes]), pass.searched]);
    // The head and the OAI-PMH directory as stored now: the next write reads their versions, not them.
    // The head given back is the object taken (parsed or not) when the pass did not store one; one
    // the pass never read stays as it was kept.
    const head: [string, unknown][] = pass.headRead ? [[viewId.head(journalId), pass.stored?.head ?? pass.head]] : [];
    this.store.settled(journalId, puts, new Map<string, unknown>([...head, ...pass.puts]));
    return pass;
  }

  /**
   * The pass's head, parsed at its first need (a count, a month, a stat, a layout change): a save
   * that needs none leaves it unparsed. One missing or failing its schema is built from the stored
   * documents, as they are after the write (its counts already hold it), and stored.
   */
  private headOf(pass: Pass): Promise<HeadView> {
    pass.resolving ??= (async () => {
      const { journalId } = pass;
      pass.headRead ??= this.store.loadHead(journalId);
      const stored = (pass.stored = await pass.headRead);
      const view = stored && (stored.head instanceof UnparsedHead ? stored.head.view() : stored.head);
      if (stored && !view) this.logger.warn({ journalId, id: viewId.head(journalId), kind: 'head' }, 'stored view fails its schema or belongs to another journal: built again');
      // A large head an earlier release stored without a version is stored again, once, with one.
      pass.headDirty ||= !view || !!stored?.unversioned;
      pass.countsFollow = !!view;
      pass.head = view ?? (await this.store.buildHead(journalId, false)) ?? emptyHead();
      return pass.head;
    })();
    return pass.resolving;
  }

  private async one(pass: Pass, c: ContentChange): Promise<void> {
    const { src } = this.store;
    const { journalId } = pass;
    // Every change but an article's (and a PDF's, which is its articles') changes the head.
    const head = c.t === 'article' || (c.t === 'file' && issueOfPdfPath(c.path)) ? undefined : await this.headOf(pass);
    switch (c.t) {
      case 'article':
        await this.article(pass, c.id);
        return;
      case 'issue':
        await this.issue(pass, c.id);
        return;
      case 'editor': {
        const e = await src.editors.findById(journalId, c.id);
        head!.editors = head!.editors.filter((x) => x.id !== c.id).concat(e ? [e] : []);
        layoutChanged(pass);
        return;
      }
      case 'indexing': {
        const x = await src.indexing.findById(journalId, c.id);
        head!.indexing = head!.indexing.filter((i) => i.id !== c.id).concat(x ? [x] : []);
        layoutChanged(pass);
        return;
      }
      case 'journal':
        head!.journal = await src.journals.findById(journalId);
        layoutChanged(pass);
        return;
      case 'file': {
        pass.tags.add(cacheTag.file(journalId, c.path));
        pass.files.add(c.path);
        const key = issueOfPdfPath(c.path);
        if (key) {
          // An article PDF: the articles of its issue pointing at it get the new version in their URLs.
          const v = await this.issueView(pass, issueKeyOf(key));
          // Over a copy: each article() takes its entry out and puts it back. One this write has
          // already re-read (an add names the article and its PDF) has its file's version from then,
          // after the file was stored.
          for (const e of [...v.articles]) if (e.pdf_url && e.pdf_url.split('?')[0] === c.path && !pass.locs.has(e.id)) await this.article(pass, e.id);
          return;
        }
        const f = await src.files.stat(journalId, c.path);
        const { files } = head!;
        const was = files[c.path];
        if (f) files[c.path] = assetVersion(f.etag);
        else delete files[c.path];
        if (was && was !== files[c.path]) pass.retired.add(versionedUrl(c.path, was));
        layoutChanged(pass);
        return;
      }
      default:
        return;
    }
  }

  private async issueView(pass: Pass, key: string): Promise<IssueView> {
    let v = pass.issues.get(key);
    if (v) return v;
    const k = parseIssueKey(key)!;
    const ahead = await earlyIssue(pass, key);
    const stored = ahead ? ahead.stored : await this.store.load('issue', pass.journalId, viewId.issue(pass.journalId, key));
    if (!stored) {
      const head = await this.headOf(pass);
      v = head.stats[key] ? await this.store.buildIssue(pass.journalId, k, head, false) : { key: k, articles: [] };
    } else v = stored.view;
    // Only a stored view is what the stored sitemap index (and the head's stat) was made from.
    if (stored) {
      pass.sitemapBefore.set(key, sitemapEntryJson(v));
      pass.statsBefore.set(key, statOf(v));
    }
    pass.issues.set(key, v);
    return v;
  }

  /** Re-reads one article and moves it in, out of or within the views (old place from its locator). */
  private async article(pass: Pass, id: string): Promise<void> {
    const { src } = this.store;
    const { journalId } = pass;
    const moved = pass.locs.has(id);
    const early = moved ? undefined : pass.early.get(id);
    pass.early.delete(id);
    const [a, stored] = await (early ?? this.readArticle(journalId, id, moved));
    const loc = moved ? pass.locs.get(id)! : (stored?.view ?? null);
    const oldKey = loc?.key ?? (a ? issueKeyOf(a) : null);
    // Entered (no locator yet), left (gone) or moved: the admin counts of both issues move.
    const newKey = a ? issueKeyOf(a) : null;
    if (loc?.key !== newKey) {
      const head = await this.headOf(pass);
      if (loc?.key) countMoves(pass, head, loc.key, -1);
      if (newKey) countMoves(pass, head, newKey, 1);
    }
    const oldRef = loc?.ref ?? a?.refnumber ?? '';
    // The PDF URL readers had: when the write changes or hides it, that version goes out of service.
    let pdfBefore: string | null = null;
    // Its OAI-PMH datestamp as its stored issue view lists it (a public article's last change): its
    // locator does not repeat it (see nowAt below).
    let listedAt: number | undefined;
    // Its entry as the issue view listed it.
    let listed: IssueEntry | undefined;
    // The PDF's version is read beside the issue views (it needs neither).
    const path = a && isPublicArticle(a) && a.file ? assetPath.article(a.year, a.volume, a.issue, a.file) : '';
    const version = path ? ((await earlyPdf(pass, path))?.version ?? src.files.stat(journalId, path).then((f) => (f ? assetVersion(f.etag) : undefined))) : null;
    version?.catch(() => undefined);
    if (oldKey) {
      const v = await this.issueView(pass, oldKey);
      const i = v.articles.findIndex((e) => e.id === id);
      if (i >= 0) {
        const [was] = v.articles.splice(i, 1);
        listed = was;
        if (was?.pdf_url) pdfBefore = was.pdf_url;
        // Only a stored view lists it as its OAI-PMH entry stands (one built in this pass lists the article as stored now).
        if (was && pass.statsBefore.has(oldKey)) listedAt = Date.parse(was.modification) || 0;
        pass.dirtyIssues.add(oldKey);
      }
      pass.tags.add(cacheTag.issue(journalId, parseIssueKey(oldKey)!));
    }
    // The issue's month, where the article has none of its own: the head's issues hold it. An entry
    // of the same issue without a month of its own shows it as the pass that wrote it found it, and
    // only a change of the issue (which reads the head first) moves it.
    const sameIssue = !!listed && !listed.own && oldKey === newKey && !pass.head;
    const month = !a || a.frequency ? '' : sameIssue ? listed!.frequency : monthOf(await this.headOf(pass), a);
    let entry: IssueEntry | null = null;
    if (a && isPublicArticle(a)) {
      const key = issueKeyOf(a);
      const [pdfVersion, v] = await Promise.all([version, this.issueView(pass, key)]);
      entry = entryOf(a, month, pdfVersion ?? undefined);
      v.articles.push(entry);
      sortEntries(v.articles);
      pass.dirtyIssues.add(key);
      pass.tags.add(cacheTag.issue(journalId, a));
    }
    if (pdfBefore && pdfBefore !== entry?.pdf_url) pass.retired.add(pdfBefore);
    const view = a ? articleViewOf(a, entry, month) : null;
    const ownsRef = async (ref: string) => (await this.store.load('article', journalId, viewId.article(journalId, ref)))?.view.id === id;
    if (oldRef && oldRef !== a?.refnumber && (await ownsRef(oldRef))) pass.removes.add(viewId.article(journalId, oldRef));
    if (a?.refnumber) {
      if (view) pass.puts.set(viewId.article(journalId, a.refnumber), view);
      else if (await ownsRef(a.refnumber)) pass.removes.add(viewId.article(journalId, a.refnumber));
    }
    const oai = a ? oaiEntryOf(a) : null;
    // A listed article's datestamp is its entry's date in its issue view (listedAt, read by the next
    // write), so its locator holds only where it is: an edit in place leaves it as stored, and it
    // is not written again. An article not listed (withdrawn, disabled) keeps its datestamp there.
    const nowAt: LocView | null = a ? { ref: a.refnumber ?? '', key: issueKeyOf(a), ...(oai && !entry ? { o: oai.t } : {}) } : null;
    if (!pass.oai.has(id)) pass.oai.set(id, { before: loc ? { ref: loc.ref, o: loc.o ?? listedAt } : null, after: oai });
    else pass.oai.get(id)!.after = oai;
    pass.locs.set(id, nowAt);
    if (!nowAt) pass.removes.add(viewId.loc(journalId, id));
    else if (!sameLoc(loc, nowAt)) pass.puts.set(viewId.loc(journalId, id), nowAt);
    for (const ref of new Set([oldRef, a?.refnumber ?? ''])) if (ref) pass.tags.add(cacheTag.article(journalId, ref));
    pass.tags.add(cacheTag.lists(journalId));
    pass.articleEvents.push({ id, article: a, entry });
  }

  /** The article as stored (read, unless `known`) and, unless this pass has moved it already, its stored locator (`loc`: as already being read). */
  private readArticle(journalId: string, id: string, moved: boolean, known?: Article, loc?: Promise<{ view: LocView } | null>): Promise<ArticleRead> {
    return Promise.all([known ?? this.store.src.articles.findById(journalId, id), moved ? null : (loc ?? this.store.load('loc', journalId, viewId.loc(journalId, id)))]);
  }

  /**
   * An issue was created, edited or deleted. Readers see an issue only through its articles (the
   * archive index lists issues with public articles; an article without a month of its own shows
   * its issue's): only when the month those articles show moves are they re-read, and their pages,
   * lists and the index purged. Otherwise the issue's documents are the admin's alone (its list,
   * its counts) and no cached answer changes: an empty issue created purges nothing.
   */
  private async issue(pass: Pass, id: string): Promise<void> {
    const { journalId } = pass;
    const head = await this.headOf(pass);
    const i = await this.store.src.issues.findById(journalId, id);
    const old = head.issues.find((x) => x.id === id);
    const keys = [...new Set([old && issueKeyOf(old), i && issueKeyOf(i)].filter((k): k is string => !!k))].map((k) => parseIssueKey(k)!);
    const monthsBefore = keys.map((k) => monthOf(head, k));
    head.issues = head.issues.filter((x) => x.id !== id).concat(i ? [headIssue(i)] : []);
    pass.headDirty = true;
    for (const [n, key] of keys.entries()) {
      const k = issueKeyOf(key);
      // No public article there (none listed, none entered in this write): nothing shows the month.
      if (monthOf(head, key) === monthsBefore[n] || !(head.stats[k] || pass.issues.get(k)?.articles.length)) continue;
      pass.tags.add(cacheTag.issue(journalId, key));
      const v = await this.issueView(pass, k);
      for (const e of [...v.articles]) if (!e.own) await this.article(pass, e.id);
    }
  }
}

/** The layout of every page changed (settings, editors, indexing partners, site files): the head is stored and every page purged. */
function layoutChanged(pass: Pass): void {
  pass.headDirty = true;
  pass.tags.add(cacheTag.head(pass.journalId));
}

/**
 * An article entered (+1) or left (-1) an issue: its admin count (every status) moves by one. The
 * pass runs under the journal's lock on the head as stored, and every write of an article reaches
 * a pass, so the count moves as the articles do without the issue's documents read again (a read
 * of each one, some 0.5 ms of FerretDB's CPU per article); a locator lost with a failed write is
 * made good by the rebuild that failure starts.
 */
function countMoves(pass: Pass, head: HeadView, key: string, by: 1 | -1): void {
  if (!pass.countsFollow) return;
  const { counts } = head;
  const n = Math.max(0, (counts[key] ?? 0) + by);
  if (n) counts[key] = n;
  else delete counts[key];
  pass.countsMoved = true;
}

/** Whether a locator is the one stored (or already put by this pass), so it is not written again. */
const sameLoc = (was: LocView | null, now: LocView) => !!was && was.ref === now.ref && was.key === now.key && was.o === now.o;

/** The last change of each article in a write (an issue change can name one twice). */
function lastChanges(pass: Pass): ArticleChange[] {
  return [...new Map(pass.articleEvents.map((e) => [e.id, e])).values()];
}

function emptyHead(): HeadView {
  return { journal: null, editors: [], indexing: [], issues: [], stats: {}, counts: {}, files: {}, complete: false };
}

/**
 * The issue view read ahead for `key`, taken (a later read of the issue goes to the database, as
 * the pass may have changed it meanwhile); undefined when none was. Waits for the reads ahead, which
 * went out beside the write.
 */
async function earlyIssue(pass: Pass, key: string): Promise<EarlyIssue | undefined> {
  for (const [i, p] of pass.earlyIssues.entries()) {
    const e = await p.catch(() => null);
    if (e?.key !== key || !e.stored) continue;
    pass.earlyIssues[i] = Promise.resolve(e.pdf ? { key: '', stored: null, pdf: e.pdf } : null);
    return e;
  }
  return undefined;
}

/** The version of the PDF at `path` read ahead (taken: used once); undefined when none was. */
async function earlyPdf(pass: Pass, path: string): Promise<{ version: Promise<string | undefined> } | undefined> {
  for (const [i, p] of pass.earlyIssues.entries()) {
    const e = await p.catch(() => null);
    if (e?.pdf?.path !== path) continue;
    pass.earlyIssues[i] = Promise.resolve(e.stored ? { ...e, pdf: undefined } : null);
    return { version: e.pdf.version };
  }
  return undefined;
}
