import { AppError, type KeyedLock, type Logger } from '@journal/server-kit';
import type { JournalRepo } from '../journals/journal.repo';
import type { EditorRepo } from '../editors/editor.repo';
import type { IndexingRepo } from '../indexing/indexing.repo';
import type { IssueRepo } from '../archives/issue.repo';
import type { Article, ArticleRepo } from '../archives/article.repo';
import { assetPath, assetVersion, type FileStore } from '../files/file-store';
import { VERSIONED_VIEW, type StoredView, type ViewRepo } from './view.repo';
import { HeldView } from './packed-view';
import { isKept, KeptViews, type KeptKind } from './kept-views';
import type { ViewCache } from './view-cache';
import { articleViewOf, entryOf, headOf, issueCountsOf, issueViewsOf, listedIssues, monthOf, statOf } from './view-build';
import type { OaiChunk, OaiDirectory } from './oai-index';
import { oaiEntries, oaiViews } from './oai-views';
import type { SitemapChunk, SitemapDirectory } from './sitemap-index';
import { sitemapViews } from './sitemap-views';
import { checkView, issueKeyOf, UnparsedHead, viewId, type ArticleView, type HeadView, type IssueEntry, type IssueKey, type IssueView, type LocView, type ViewKind, type ViewTypes } from './view-docs';

/**
 * Issue lists and article pages are many and each answer made from them is cached on its own, so
 * the cache holds them packed; a journal's head (read by every request) and the small locators
 * stay parsed.
 */
const PACKED_KINDS: ReadonlySet<ViewKind> = new Set(['issue', 'article']);

function held<K extends ViewKind>(kind: K, journalId: string, view: ViewTypes[K], json: string, packed?: Uint8Array): { value: ViewTypes[K] | HeldView<ViewTypes[K]>; size: number } {
  if (!PACKED_KINDS.has(kind)) return { value: view, size: json.length * 2 };
  const h = HeldView.of<ViewTypes[K]>(journalId, json, packed);
  return { value: h, size: h.size };
}

/**
 * A journal whose views a rebuild has just written, as it announces it to its listeners (the
 * journal's search index follows it): what they were built from and at which change count.
 */
export interface JournalRebuilt {
  journalId: string;
  /** The journal's change counter the views were built at. */
  at: number;
  articles: readonly Article[];
  /** The public list entry of each public article, by id. */
  entries: ReadonlyMap<string, IssueEntry>;
  /** The journal's change counter now: moved when a write landed during the rebuild. */
  counter(): Promise<number>;
  /** The stored documents, to read the journal again. */
  src: ViewSources;
}

/** Told of each journal a views rebuild wrote; a failure fails the rebuild (it is run again). */
export type RebuiltListener = (rebuilt: JournalRebuilt) => Promise<void>;

/** The stored documents views are made of. */
export interface ViewSources {
  journals: JournalRepo;
  editors: EditorRepo;
  indexing: IndexingRepo;
  issues: IssueRepo;
  articles: ArticleRepo;
  files: FileStore;
}

/** A view as load() answers it, with its change counter. */
export interface LoadedView<K extends ViewKind> {
  view: ViewTypes[K];
  rev: number;
  /** A kept view large enough to carry a version, stored without one (by an earlier release): read whole until it is written again. */
  unversioned?: true;
}

/** A journal's head as loadHead() answers it: parsed (as kept or shared) or not yet (UnparsedHead). */
export interface LoadedHead {
  head: HeadView | UnparsedHead;
  rev: number;
  /** As LoadedView.unversioned. */
  unversioned?: true;
}

const EMPTY_HEAD: HeadView = { journal: null, editors: [], indexing: [], issues: [], stats: {}, counts: {}, files: {}, complete: false };

/**
 * Reads the persisted views: through the memory-budgeted cache for readers, straight from the
 * database for the publisher (which must patch what is stored, not what a replica holds). A view
 * that is missing or fails its schema is built from the stored documents for that one head, issue
 * or article, stored, and logged: never a 500.
 */
export class ViewStore {
  constructor(
    readonly src: ViewSources,
    readonly repo: ViewRepo,
    private readonly logger: Logger,
    /** Writers of one journal's views, one at a time across replicas. */
    readonly lock: KeyedLock,
    private readonly cache?: ViewCache,
  ) {}

  private readonly rebuiltListeners: RebuiltListener[] = [];

  /** Registers a follower of views rebuilds (the search indexes). */
  onRebuilt(listener: RebuiltListener): void {
    this.rebuiltListeners.push(listener);
  }

  /** Called by the views rebuild once a journal's views are written, before its lease is released. */
  async announceRebuilt(rebuilt: JournalRebuilt): Promise<void> {
    for (const l of this.rebuiltListeners) await l(rebuilt);
  }

  /** The head and OAI-PMH directory of the journals written here, by version (kept-views.ts). */
  private readonly kept = new KeptViews();

  /**
   * A pass of the change publisher is done: the kept views it stored are kept as it wrote them (with
   * the versions ViewRepo.put gave them), those it loaded and left as stored are given back.
   */
  settled(journalId: string, stored: readonly StoredView[], views: ReadonlyMap<string, unknown>): void {
    for (const id of [viewId.head(journalId), viewId.oai(journalId)]) {
      const v = stored.find((s) => s.id === id);
      if (v) this.kept.set(id, journalId, v.h, views.get(id), false);
      else if (views.has(id)) this.kept.giveBack(id, views.get(id));
    }
  }

  /** Kept views being read ahead of a save (readAhead), by id: at most one read of each at a time. */
  private readonly ahead = new Map<string, Promise<void>>();

  /**
   * The journal's kept views (head, OAI-PMH directory) made ready for its next save, in the
   * background, when an editor opens an article's form (docs/architecture.md#a-saves-views-read-ahead):
   * read, or copied from the object readers share, so the save only reads their versions. Only a
   * staff request starts one (a replica's start reads no journal); a save that comes while one is
   * in flight waits for it rather than reading the view twice. Never throws.
   */
  readAhead(journalId: string): Promise<void> {
    const kinds = [
      ['head', viewId.head(journalId)],
      ['oai', viewId.oai(journalId)],
    ] as const;
    return Promise.all(
      kinds.map(([kind, id]) => {
        const inFlight = this.ahead.get(id);
        if (inFlight) return inFlight;
        // One a save left free is not read again: a version read is most of what the save would pay,
        // and a form opened on a process that saves to the journal would cost that read for nothing.
        if (this.kept.free(id, journalId)) return undefined;
        // The head as a save loads it: left unparsed, as most saves never parse it (loadHead).
        const read: Promise<unknown> = kind === 'head' ? this.loadHead(journalId).then((v) => v?.head) : this.loadNow(kind, journalId, id).then((v) => v?.view);
        const p = read
          .then((v) => {
            // Left free for the save, as one a save gives back.
            if (v) this.kept.giveBack(id, v);
          })
          .catch((err: unknown) => this.logger.warn({ err, journalId, id }, 'view not read ahead of a save'))
          .finally(() => this.ahead.delete(id));
        this.ahead.set(id, p);
        return p;
      }),
    ).then(() => undefined);
  }

  /**
   * The stored view, or null when missing or not valid (logged). Another journal's document is never
   * answered. A kept view whose version is still the one stored is given without its body being read.
   */
  async load<K extends ViewKind>(kind: K, journalId: string, id: string): Promise<LoadedView<K> | null> {
    const ahead = this.ahead.get(id);
    if (ahead) await ahead;
    return this.loadNow(kind, journalId, id);
  }

  private async loadNow<K extends ViewKind>(kind: K, journalId: string, id: string): Promise<LoadedView<K> | null> {
    const held = isKept(kind) ? this.kept.version(id, journalId) : undefined;
    if (held) {
      const v = await this.repo.version(id);
      if (!v) return null;
      const taken = v.h === held && v.journalId === journalId ? this.kept.take(kind as KeptKind, id, held) : null;
      const view = taken instanceof UnparsedHead ? taken.view() : taken;
      if (view) return { view: view as ViewTypes[K], rev: v.rev };
    }
    const d = await this.repo.get(id);
    if (!d) return null;
    const view = d.journalId === journalId ? checkView(kind, d.json) : null;
    if (!view) {
      this.logger.warn({ journalId, id, kind }, 'stored view fails its schema or belongs to another journal: built again');
      return null;
    }
    if (!isKept(kind)) return { view, rev: d.rev };
    this.kept.set(id, journalId, d.h, view, true);
    return { view, rev: d.rev, ...(!d.h && d.json.length >= VERSIONED_VIEW ? { unversioned: true } : {}) };
  }

  /**
   * Whether this process holds the journal's head free for its next save (left so by its last save
   * or a read ahead): the save reads it, version first, only if it needs it (ChangePublisher.headOf).
   */
  headHeld(journalId: string): boolean {
    return this.kept.free(viewId.head(journalId), journalId);
  }

  /**
   * The journal's head for a save (the change publisher): as load() answers it, but a head read from
   * the database is handed over unparsed (UnparsedHead), to be parsed only if the save needs it;
   * kept as handed over, so the next save takes it the same way. A head that fails its schema is
   * found out by its first parse, and then built again by the save.
   */
  async loadHead(journalId: string): Promise<LoadedHead | null> {
    const id = viewId.head(journalId);
    const ahead = this.ahead.get(id);
    if (ahead) await ahead;
    const held = this.kept.version(id, journalId);
    if (held) {
      const v = await this.repo.version(id);
      if (!v) return null;
      const head = v.h === held && v.journalId === journalId ? this.kept.take('head', id, held) : null;
      if (head) return { head, rev: v.rev };
    }
    const d = await this.repo.getPacked(id);
    if (!d) return null;
    if (d.journalId !== journalId) {
      this.logger.warn({ journalId, id, kind: 'head' }, 'stored view fails its schema or belongs to another journal: built again');
      return null;
    }
    // A versioned head stays packed until a save needs it: most never do.
    const head = new UnparsedHead(d.packed ?? d.json, journalId);
    this.kept.set(id, journalId, d.h, head, true);
    return { head, rev: d.rev, ...(!d.packed && !d.h && d.json.length >= VERSIONED_VIEW ? { unversioned: true } : {}) };
  }

  /**
   * `build` is told whether a stored document was there but unusable: such a view is always built
   * again, even where a missing one would mean "no such thing".
   */
  private async cached<K extends ViewKind>(journalId: string, id: string, kind: K, build: (broken: boolean) => Promise<ViewTypes[K] | null>): Promise<ViewTypes[K] | null> {
    const read = async (): Promise<{ view: ViewTypes[K] | null; json?: string; packed?: Uint8Array }> => {
      const d = await this.repo.read(id);
      const view = d && d.journalId === journalId ? checkView(kind, d.json) : null;
      // A head checked here is not read, inflated or checked again by the journal's next write
      // (load) while its version stays the one stored: the object readers share is kept, and a
      // write is handed a copy of it.
      if (view && kind === 'head') this.kept.shared(id, journalId, d!.h, view);
      if (view) return { view, json: d!.json, packed: d!.packed };
      if (d) this.logger.warn({ journalId, id, kind }, 'stored view fails its schema or belongs to another journal: built again');
      return { view: await build(!!d) };
    };
    if (!this.cache) return (await read()).view;
    const v = await this.cache.view<ViewTypes[K] | HeldView<ViewTypes[K]> | null>(journalId, id, async () => {
      const { view, json, packed } = await read();
      return view ? held(kind, journalId, view, json ?? JSON.stringify(view), packed) : { value: null, size: 64 };
    });
    return v instanceof HeldView ? v.open() : v;
  }

  // Reader side (cached).

  async head(journalId: string): Promise<HeadView> {
    return (await this.cached(journalId, viewId.head(journalId), 'head', () => this.buildHead(journalId))) ?? EMPTY_HEAD;
  }

  /**
   * An issue's public list. A process that holds the journal's head answers an issue the archive
   * index does not list without a read; one that does not (a fresh replica) reads the issue's view
   * first, so a cold read costs one document however many issues the journal has, and the head is
   * read only when that view is missing (a made-up issue, or one never built).
   */
  async issue(journalId: string, key: IssueKey): Promise<IssueView> {
    const empty: IssueView = { key, articles: [] };
    const listed = (head: HeadView) => !!head.stats[issueKeyOf(key)];
    if (this.cache?.holdsView(journalId, viewId.head(journalId)) && !listed(await this.head(journalId))) return empty;
    const view = await this.cached(journalId, viewId.issue(journalId, key), 'issue', async () => {
      const head = await this.head(journalId);
      // An issue the archive index does not list has no public articles: nothing to build.
      return listed(head) ? this.buildIssue(journalId, key, head) : null;
    });
    return view ?? empty;
  }

  async article(journalId: string, ref: string): Promise<ArticleView | null> {
    const head = await this.head(journalId);
    // Once the rebuild has written every article's view, a missing one is an unknown article; a
    // stored one that fails its schema is still an article.
    return this.cached(journalId, viewId.article(journalId, ref), 'article', (broken) =>
      head.complete && !broken ? Promise.resolve(null) : this.buildArticle(journalId, ref, head),
    );
  }

  async loc(journalId: string, articleId: string): Promise<LocView | null> {
    const head = await this.head(journalId);
    return this.cached(journalId, viewId.loc(journalId, articleId), 'loc', async (broken) => {
      if (head.complete && !broken) return null;
      const a = await this.src.articles.findById(journalId, articleId);
      return a?.refnumber ? { ref: a.refnumber, key: issueKeyOf(a) } : null;
    });
  }

  /** The journal's OAI-PMH index directory (oai-index.ts); built from the documents when none is stored. */
  async oaiDirectory(journalId: string): Promise<OaiDirectory> {
    return (await this.cached(journalId, viewId.oai(journalId), 'oai', () => this.buildOai(journalId))) ?? { chunks: [], seq: 0 };
  }

  /** One chunk of it; a chunk a newer directory dropped reads as empty. */
  async oaiChunk(journalId: string, c: number): Promise<OaiChunk> {
    return (await this.cached(journalId, viewId.oaiChunk(journalId, c), 'oaiChunk', () => Promise.resolve(null))) ?? { entries: [] };
  }

  /** The journal's sitemap index directory (sitemap-index.ts); built from the issue views when none is stored. */
  async sitemapDirectory(journalId: string): Promise<SitemapDirectory> {
    return (await this.cached(journalId, viewId.sitemap(journalId), 'sitemap', () => this.buildSitemap(journalId))) ?? { chunks: [], seq: 0 };
  }

  async sitemapChunk(journalId: string, c: number): Promise<SitemapChunk> {
    return (await this.cached(journalId, viewId.sitemapChunk(journalId, c), 'sitemapChunk', () => Promise.resolve(null))) ?? { issues: [] };
  }

  // Built from the stored documents (a view never written, or one that failed its schema).

  /**
   * The OAI index of a journal whose views were built before it existed: every article and
   * tombstone read once (see buildOnRead).
   */
  async buildOai(journalId: string): Promise<OaiDirectory> {
    const { articles } = this.src;
    return this.buildOnRead(journalId, 'OAI index', async () => {
      const [list, tombstones] = await Promise.all([articles.list(journalId, ['status', 'withdrawal', 'modification']), articles.tombstones.list(journalId)]);
      return oaiViews(journalId, oaiEntries(list, tombstones));
    }) as Promise<OaiDirectory>;
  }

  /** The sitemap index of such a journal: its listed issues' views, as stored, read once. */
  async buildSitemap(journalId: string): Promise<SitemapDirectory> {
    return this.buildOnRead(journalId, 'sitemap index', async () => {
      const head = (await this.load('head', journalId, viewId.head(journalId)))?.view ?? (await this.head(journalId));
      const issues = await Promise.all(
        listedIssues(head).map(async (k) => (await this.load('issue', journalId, viewId.issue(journalId, k)))?.view ?? this.issue(journalId, k)),
      );
      return sitemapViews(journalId, issues);
    }) as Promise<SitemapDirectory>;
  }

  /**
   * Views made from the whole journal, stored only if no write landed while they were made (a
   * write patches stored ones; views made from older documents would miss it): the counter is
   * read under the journal's lock (no write half-done) and checked again under it before storing.
   * Answers the directory (the first view).
   */
  private async buildOnRead(journalId: string, what: string, make: () => Promise<{ id: string; view: unknown }[]>): Promise<unknown> {
    const counterId = viewId.counter(journalId);
    for (let tries = 0; tries < 3; tries++) {
      const at = await this.lock.run(journalId, () => this.repo.counter(counterId));
      const views = await make();
      const stored = await this.lock.run(journalId, async () => {
        if ((await this.repo.counter(counterId)) !== at) return false;
        await this.repo.put(views.map((v) => ({ id: v.id, journalId, json: JSON.stringify(v.view), rev: at })));
        return true;
      });
      if (stored) {
        this.logger.info({ journalId, chunks: views.length - 1 }, `${what} views built on read`);
        return views[0]!.view;
      }
    }
    throw new AppError(503, 'busy', 'The journal is being written to: try again');
  }

  /** Counts and months per issue need the journal's articles: one query, only on this path. */
  async buildHead(journalId: string, write = true): Promise<HeadView | null> {
    const { journals, editors, indexing, issues, articles, files } = this.src;
    const [journal, es, xs, is, as, fs] = await Promise.all([
      journals.findById(journalId),
      editors.list(journalId),
      indexing.list(journalId),
      issues.list(journalId),
      // Every status: the admin counts are the head's too (issueViewsOf keeps the public ones).
      articles.list(journalId, ['year', 'volume', 'issue', 'frequency', 'pageStart', 'refnumber', 'status', 'withdrawal']),
      files.versionsByJournal(journalId),
    ]);
    if (!journal && !es.length && !xs.length && !is.length && !as.length) return null;
    const base = headOf({ journal, editors: es, indexing: xs, issues: is, stats: {}, counts: issueCountsOf(as), files: fs.get(journalId) });
    for (const v of issueViewsOf(as, base, new Map()).values()) {
      const s = statOf(v);
      if (s) base.stats[issueKeyOf(v.key)] = s;
    }
    if (write) {
      this.logger.info({ journalId }, 'journal head view built on read');
      await this.writeIfMissing(journalId, 'head', viewId.head(journalId), base);
    }
    return base;
  }

  async buildIssue(journalId: string, key: IssueKey, head: HeadView, write = true): Promise<IssueView> {
    const list = await this.src.articles.listByIssue(journalId, key, { publicOnly: true });
    const paths = list.filter((a) => a.file).map((a) => assetPath.article(a.year, a.volume, a.issue, a.file!));
    const stats = paths.length ? await this.src.files.statMany(journalId, paths) : new Map();
    const versions = new Map([...stats].map(([p, s]) => [p, assetVersion(s.etag)]));
    const view = issueViewsOf(list, head, versions).get(issueKeyOf(key)) ?? { key, articles: [] };
    if (write) {
      this.logger.info({ journalId, issue: issueKeyOf(key) }, 'issue view built on read');
      await this.writeIfMissing(journalId, 'issue', viewId.issue(journalId, key), view);
    }
    return view;
  }

  async buildArticle(journalId: string, ref: string, head: HeadView): Promise<ArticleView | null> {
    const a = await this.src.articles.findByRef(journalId, ref);
    if (!a) return null;
    const month = monthOf(head, a);
    const path = a.file ? assetPath.article(a.year, a.volume, a.issue, a.file) : '';
    const stat = path ? await this.src.files.stat(journalId, path) : null;
    const view = articleViewOf(a, entryOf(a, month, stat ? assetVersion(stat.etag) : undefined), month);
    if (view) {
      this.logger.info({ journalId, ref }, 'article view built on read');
      await this.writeIfMissing(journalId, 'article', viewId.article(journalId, ref), view);
    }
    return view;
  }

  /** Stores a view built on read unless a writer stored a valid one meanwhile (the writer's is newer). */
  private async writeIfMissing<K extends ViewKind>(journalId: string, kind: K, id: string, view: ViewTypes[K]) {
    await this.lock
      .run(journalId, async () => {
        if (await this.load(kind, journalId, id)) return;
        const rev = await this.repo.counter(viewId.counter(journalId));
        const doc = { id, journalId, json: JSON.stringify(view), rev };
        // A missing view is inserted (FerretDB replaces by reading the whole collection); only one that failed its schema is replaced.
        if (await this.repo.get(id)) await this.repo.put([doc]);
        else await this.repo.insert([doc]);
      })
      .catch((err: unknown) => this.logger.warn({ err, journalId, id }, 'view built on read not stored'));
  }
}
