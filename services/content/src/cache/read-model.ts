import type { ChangeFeedHandler, Logger } from '@journal/server-kit';
import type { ContentRepos } from '../deps';
import type { Journal } from '../journals/journal.repo';
import { byPinThenCreation, type Editor } from '../editors/editor.repo';
import { bySort, type IndexingItem } from '../indexing/indexing.repo';
import { byIssueDesc, type Issue } from '../archives/issue.repo';
import type { AdminSearchHit } from '@journal/contracts';
import { ADMIN_SEARCH_FIELDS, adminHaystack, adminMatcher, byIssueThenPage, byPageStart, isPublicArticle, isTombstone, type Article } from '../archives/article.repo';
import { toSummary, type Corpus, type CorpusArticle } from '../public/public.service';
import { searchText } from '../shared/text';
import { assetVersion, versionedUrl, type FileStore, type StoredFile } from '../files/file-store';

/**
 * What an admin write changed, named by document: the message every replica applies. `all` reloads
 * the journal (seeds, imports, fixes made straight in the database).
 */
export type ContentChange =
  | { t: 'article'; id: string }
  | { t: 'issue'; id: string }
  | { t: 'editor'; id: string }
  | { t: 'indexing'; id: string }
  | { t: 'journal' }
  | { t: 'file'; path: string }
  | { t: 'all' };

/** The stored fields a corpus entry is made of (no abstracts: they are read per article). */
export const CORPUS_FIELDS = [
  'year', 'volume', 'issue', 'frequency', 'refnumber', 'title', 'title_html', 'authorname', 'keywords', 'pagenumber', 'pageStart',
  'pageEnd', 'subject', 'country', 'file', 'publishdate', 'status', 'doi', 'search_text', 'modification', 'withdrawal',
] as const satisfies readonly (keyof Article)[];

/** Fields read for every article (any status) at load: what the public corpus and the admin index need. */
const LOAD_FIELDS = [...new Set([...CORPUS_FIELDS, ...ADMIN_SEARCH_FIELDS])] as (keyof Article)[];

/**
 * One article (any status) in the staff-only search index: its sort keys and the matched fields as
 * one lower-cased string. Never read by public answers.
 */
interface AdminEntry {
  hay: string;
  order: Pick<Article, 'year' | 'volume' | 'issue' | 'pageStart' | 'refnumber'>;
  /** The search's answer line for this article, made once per change. */
  hit: AdminSearchHit;
}

interface Entry {
  /** The article's own month text; empty ones take their issue's. */
  own: string;
  /** Path of its PDF, or '' without one. */
  path: string;
  key: string;
  source: Article;
  summary: CorpusArticle;
  hay: string;
}

/** Newest issue first, then page order: the order of every public list. */
const publicOrder = (x: CorpusArticle, y: CorpusArticle) => byIssueDesc(x, y) || byPageStart(x, y);

const issueKey = (x: { year: number; volume: number; issue: number }) => `${x.year}/${x.volume}/${x.issue}`;

/**
 * One journal's public data in memory. Changes are applied in place between two awaits, so a
 * reader sees either the state before a change or after it; derived lists are rebuilt lazily.
 */
export class JournalView {
  rev = 1;
  journal: Journal | null = null;
  readonly editors = new Map<string, Editor>();
  readonly indexing = new Map<string, IndexingItem>();
  readonly issues = new Map<string, Issue>();
  private readonly months = new Map<string, string>();
  /** Public articles by id. */
  readonly articles = new Map<string, Entry>();
  /** Withdrawn articles by id: their URLs keep a tombstone page (docs/product.md#withdrawals). */
  readonly tombstones = new Map<string, Article>();
  /** Every article of the journal, any status, for the admin search (staff-only fields inside). */
  readonly adminIndex = new Map<string, AdminEntry>();
  /** Stored file path → content version (versioned public URLs). */
  readonly files = new Map<string, string>();
  private memo: { corpus?: Corpus; byIssue?: Map<string, CorpusArticle[]>; editors?: Editor[]; indexing?: IndexingItem[] } = {};

  get empty() {
    return !this.journal && !this.editors.size && !this.indexing.size && !this.issues.size && !this.adminIndex.size;
  }

  /** Set when a change could not be patched into the corpus: it is derived again on the next read. */
  private corpusStale = false;

  /** After a change: a new revision; derived lists go, except a corpus kept current by `setArticle`. */
  touch() {
    this.rev++;
    const corpus = this.corpusStale ? undefined : this.memo.corpus;
    this.memo = corpus ? { corpus } : {};
    this.corpusStale = false;
  }

  setIssue(id: string, issue: Issue | null) {
    const old = this.issues.get(id);
    if (issue) this.issues.set(id, issue);
    else this.issues.delete(id);
    const keys = new Set([old && issueKey(old), issue && issueKey(issue)].filter((k): k is string => !!k));
    for (const k of keys) this.months.delete(k);
    for (const i of this.issues.values()) if (keys.has(issueKey(i))) this.months.set(issueKey(i), i.frequency ?? '');
    for (const e of this.articles.values()) if (keys.has(e.key)) this.articles.set(e.source.id, this.entry(e.source));
    this.corpusStale = true;
  }

  /** The file's immutable public URL (its path with the content version), or the bare path if unknown. */
  assetUrl(path: string): string {
    return versionedUrl(path, this.files.get(path));
  }

  /** A file was stored, replaced or deleted: every URL pointing at it changes. */
  setFile(path: string, version: string | null) {
    if (version) this.files.set(path, version);
    else this.files.delete(path);
    for (const e of this.articles.values()) if (e.path === path) this.articles.set(e.source.id, this.entry(e.source));
    this.corpusStale = true;
  }

  /** Keeps the admin search index current (every status): applied with `setArticle` on each change. */
  setAdminArticle(id: string, a: Article | null) {
    if (!a) {
      this.adminIndex.delete(id);
      return;
    }
    const hit: AdminSearchHit = {
      id,
      year: a.year,
      volume: a.volume,
      issue: a.issue,
      refnumber: String(a.refnumber ?? ''),
      title: a.title ?? '',
      authorname: a.authorname ?? '',
      pagenumber: a.pagenumber ?? '',
      status: a.status ?? '',
    };
    const order = { year: hit.year, volume: hit.volume, issue: hit.issue, pageStart: a.pageStart ?? 0, refnumber: hit.refnumber };
    this.adminIndex.set(id, { hay: adminHaystack(a), order, hit });
  }

  /**
   * What the admin search finds (docs/product.md#admin-area): newest issue first, then page order,
   * at most `limit`. The index follows every write through the change feed, as the public answers
   * do, so the database is not asked.
   */
  adminSearch(q: string, limit = 200): AdminSearchHit[] {
    const match = adminMatcher(q);
    const found: AdminEntry[] = [];
    for (const e of this.adminIndex.values()) if (match(e.hit.refnumber, e.hay)) found.push(e);
    return found
      .sort((x, y) => byIssueThenPage(x.order, y.order))
      .slice(0, limit)
      .map((e) => e.hit);
  }

  setArticle(id: string, a: Article | null) {
    const old = this.articles.get(id);
    const next = a && isPublicArticle(a) ? this.entry(a) : undefined;
    if (a && isTombstone(a)) this.tombstones.set(id, a);
    else this.tombstones.delete(id);
    if (next) this.articles.set(id, next);
    else this.articles.delete(id);
    this.patchCorpus(old, next);
  }

  /**
   * Moves one article within the sorted corpus instead of sorting it all again: the first read
   * after a write costs a splice, not a sort of the journal.
   */
  private patchCorpus(old: Entry | undefined, next: Entry | undefined) {
    const prev = this.memo.corpus;
    if (!prev || this.corpusStale) return;
    // A new corpus object: a reader holding the old one (OAI across an await) keeps a consistent list.
    const c: Corpus = { articles: prev.articles.slice(), hay: prev.hay.slice(), byRef: new Map(), bytes: prev.bytes };
    if (old) {
      const i = prev.byRef.get(old.summary.refnumber);
      if (i === undefined || c.articles[i] !== old.summary) {
        this.corpusStale = true;
        return;
      }
      c.articles.splice(i, 1);
      c.hay.splice(i, 1);
      c.bytes -= old.hay.length * 2 + 1200;
    }
    if (next) {
      let lo = 0;
      let hi = c.articles.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (publicOrder(c.articles[mid]!, next.summary) <= 0) lo = mid + 1;
        else hi = mid;
      }
      c.articles.splice(lo, 0, next.summary);
      c.hay.splice(lo, 0, next.hay);
      c.bytes += next.hay.length * 2 + 1200;
    }
    for (let i = 0; i < c.articles.length; i++) c.byRef.set(c.articles[i]!.refnumber, i);
    this.memo.corpus = c;
  }

  private entry(a: Article): Entry {
    const key = issueKey(a);
    const own = a.frequency ?? '';
    const summary: CorpusArticle = {
      ...toSummary({ ...a, frequency: own || this.months.get(key) || '' }),
      modification: new Date(a.modification ?? 0).toISOString(),
    };
    const path = summary.pdf_url ?? '';
    if (path) summary.pdf_url = this.assetUrl(path);
    // Public entries keep no staff-only fields (the admin index holds what the search needs of them).
    const { txnid: _t, email: _e, ...source } = a;
    return { own, key, path, source: source as Article, summary, hay: a.search_text || searchText([a.title, a.authorname, a.keywords]) };
  }

  /** Newest issue first, then page order (the public order); search text aligned with it. */
  corpus(): Corpus {
    if (this.memo.corpus) return this.memo.corpus;
    const entries = [...this.articles.values()].sort((x, y) => publicOrder(x.summary, y.summary));
    const articles: CorpusArticle[] = [];
    const hay: string[] = [];
    const byRef = new Map<string, number>();
    let bytes = 0;
    for (const e of entries) {
      byRef.set(e.summary.refnumber, articles.length);
      articles.push(e.summary);
      hay.push(e.hay);
      bytes += e.hay.length * 2 + 1200;
    }
    return (this.memo.corpus = { articles, hay, byRef, bytes });
  }

  /** One issue's public articles in page order, from one grouping pass per revision. */
  issueArticles(key: { year: number; volume: number; issue: number }): CorpusArticle[] {
    if (!this.memo.byIssue) {
      const m = new Map<string, CorpusArticle[]>();
      for (const a of this.corpus().articles) {
        const k = issueKey(a);
        let list = m.get(k);
        if (!list) m.set(k, (list = []));
        list.push(a);
      }
      this.memo.byIssue = m;
    }
    return this.memo.byIssue.get(issueKey(key)) ?? [];
  }

  /** Derives the lists readers ask for now rather than on the first request (before ready, before a swap). */
  warm() {
    this.issueArticles({ year: 0, volume: 0, issue: 0 });
    this.enabledEditors();
    this.enabledIndexing();
  }

  /** The withdrawn article with this reference number, if any. */
  tombstoneByRef(ref: string): Article | undefined {
    for (const a of this.tombstones.values()) if (a.refnumber === ref) return a;
    return undefined;
  }

  enabledEditors(): Editor[] {
    return (this.memo.editors ??= [...this.editors.values()].filter((e) => e.status === 'enabled').sort(byPinThenCreation));
  }

  enabledIndexing(): IndexingItem[] {
    return (this.memo.indexing ??= [...this.indexing.values()].filter((i) => i.status === 'enabled').sort(bySort));
  }

  /** Rough bytes held (reported by the bench per 10,000 articles). */
  approxBytes(): number {
    let n = 0;
    for (const e of this.articles.values()) n += e.hay.length * 2 + JSON.stringify(e.summary).length * 2 + 600;
    for (const e of this.adminIndex.values()) n += e.hay.length * 2 + (e.hit.title.length + e.hit.authorname.length + e.hit.refnumber.length) * 2 + 300;
    return n;
  }

  static build(parts: {
    journal: Journal | null;
    editors: Editor[];
    indexing: IndexingItem[];
    issues: Issue[];
    /** Every article, any status: the public ones go to the corpus, all to the admin index. */
    articles: Article[];
    files?: Map<string, string>;
  }): JournalView {
    const v = new JournalView();
    v.journal = parts.journal;
    for (const [path, version] of parts.files ?? []) v.files.set(path, version);
    for (const e of parts.editors) v.editors.set(e.id, e);
    for (const i of parts.indexing) v.indexing.set(i.id, i);
    for (const i of parts.issues) {
      v.issues.set(i.id, i);
      v.months.set(issueKey(i), i.frequency ?? '');
    }
    for (const a of parts.articles) {
      v.setAdminArticle(a.id, a);
      if (isPublicArticle(a)) v.setArticle(a.id, a);
      else if (isTombstone(a)) v.tombstones.set(a.id, a);
    }
    return v;
  }
}

/**
 * Every journal's public data, loaded before the process reports ready and kept current by the
 * change feed: a write re-reads the documents it names, nothing else.
 */
export class ReadModel implements ChangeFeedHandler<ContentChange> {
  private readonly views = new Map<string, JournalView>();
  private readonly loading = new Map<string, Promise<JournalView | null>>();
  /** Called after a change is applied (the answer cache drops what the change affects). */
  onApplied?: (journalId: string, changes: ContentChange[]) => void;

  constructor(
    private readonly repos: ContentRepos,
    private readonly logger: Logger,
    /** Without it (tests of the model alone) public URLs are not versioned. */
    private readonly files?: FileStore,
  ) {}

  journals(): Iterable<string> {
    return this.views.keys();
  }

  get size() {
    return this.views.size;
  }

  /** The view's revision: answers cached under an older one are stale. 0 when not loaded. */
  rev(journalId: string): number {
    return this.views.get(journalId)?.rev ?? 0;
  }

  peek(journalId: string): JournalView | undefined {
    return this.views.get(journalId);
  }

  private async loadOne(journalId: string): Promise<JournalView> {
    const { journals, editors, indexing, issues, articles } = this.repos;
    const [journal, es, xs, is, as, fs] = await Promise.all([
      journals.findById(journalId),
      editors.list(journalId),
      indexing.list(journalId),
      issues.list(journalId),
      articles.list(journalId, LOAD_FIELDS),
      this.files ? this.files.versionsByJournal(journalId) : undefined,
    ]);
    return JournalView.build({ journal, editors: es, indexing: xs, issues: is, articles: as, files: fs?.get(journalId) });
  }

  /**
   * The journal's view, loading it on first use (a journal created after start). A journal that
   * does not exist is not kept, so unknown ids cannot fill memory.
   */
  async view(journalId: string, version?: () => Promise<number | null>, loaded?: (version: number) => void): Promise<JournalView> {
    const v = this.views.get(journalId);
    if (v) return v;
    let p = this.loading.get(journalId);
    if (!p) {
      p = (async () => {
        // The counter before the load: changes after it are applied on top once it is recorded.
        const at = (await version?.()) ?? null;
        const fresh = await this.loadOne(journalId);
        if (fresh.empty) return null;
        fresh.warm();
        this.views.set(journalId, fresh);
        if (at !== null) loaded?.(at);
        return fresh;
      })().finally(() => this.loading.delete(journalId));
      this.loading.set(journalId, p);
    }
    return (await p) ?? new JournalView();
  }

  /** Loads every journal with one scan per collection. Returns the journal ids loaded. */
  async loadAll(): Promise<string[]> {
    const { journals, editors, indexing, issues, articles } = this.repos;
    const [js, es, xs, is, as, fs] = await Promise.all([
      journals.listAll(),
      editors.listByJournal(),
      indexing.listByJournal(),
      issues.listByJournal(),
      articles.listAllByJournal(LOAD_FIELDS),
      this.files ? this.files.versionsByJournal() : new Map<string, Map<string, string>>(),
    ]);
    const ids = new Set([...js.map((j) => j.id), ...es.keys(), ...xs.keys(), ...is.keys(), ...as.keys()]);
    const byId = new Map(js.map((j) => [j.id, j]));
    for (const id of ids) {
      // A view loaded on demand meanwhile is at least as new as this scan.
      if (this.views.has(id)) continue;
      this.views.set(
        id,
        JournalView.build({
          journal: byId.get(id) ?? null,
          editors: es.get(id) ?? [],
          indexing: xs.get(id) ?? [],
          issues: is.get(id) ?? [],
          articles: as.get(id) ?? [],
          files: fs.get(id),
        }),
      );
      this.views.get(id)!.warm();
    }
    return [...ids];
  }

  /** Journal ids known to the database (read before versions, so the load includes them). */
  async journalIds(): Promise<string[]> {
    return (await this.repos.journals.listAll()).map((j) => j.id);
  }

  async apply(journalId: string, changes: ContentChange[]): Promise<void> {
    const view = this.views.get(journalId);
    if (!view) return;
    if (changes.some((c) => c.t === 'all')) {
      await this.rebuild(journalId);
      this.onApplied?.(journalId, changes);
      return;
    }
    const { repos } = this;
    const seen = new Set<string>();
    const unique = changes.filter((c) => {
      const k = JSON.stringify(c);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    // Read first, then change the view with no await in between.
    const read = await Promise.all(
      unique.map(async (c) => {
        switch (c.t) {
          case 'article':
            return { c, doc: await repos.articles.findById(journalId, c.id) };
          case 'issue':
            return { c, doc: await repos.issues.findById(journalId, c.id) };
          case 'editor':
            return { c, doc: await repos.editors.findById(journalId, c.id) };
          case 'indexing':
            return { c, doc: await repos.indexing.findById(journalId, c.id) };
          case 'journal':
            return { c, doc: await repos.journals.findById(journalId) };
          case 'file':
            return { c, doc: this.files ? await this.files.stat(journalId, c.path) : null };
          default:
            return { c, doc: null };
        }
      }),
    );
    for (const { c, doc } of read) {
      switch (c.t) {
        case 'article':
          view.setArticle(c.id, doc as Article | null);
          view.setAdminArticle(c.id, doc as Article | null);
          break;
        case 'issue':
          view.setIssue(c.id, doc as Issue | null);
          break;
        case 'editor':
          if (doc) view.editors.set(c.id, doc as Editor);
          else view.editors.delete(c.id);
          break;
        case 'indexing':
          if (doc) view.indexing.set(c.id, doc as IndexingItem);
          else view.indexing.delete(c.id);
          break;
        case 'journal':
          view.journal = doc as Journal | null;
          break;
        case 'file': {
          const f = doc as StoredFile | null;
          view.setFile(c.path, f ? assetVersion(f.etag) : null);
          break;
        }
        default:
          break;
      }
    }
    view.touch();
    this.onApplied?.(journalId, changes);
  }

  /** Loads the journal again; readers keep the current view until the new one is complete. */
  async rebuild(journalId: string): Promise<void> {
    const started = Date.now();
    const fresh = await this.loadOne(journalId);
    fresh.warm();
    const old = this.views.get(journalId);
    fresh.rev = (old?.rev ?? 0) + 1;
    this.views.set(journalId, fresh);
    this.logger.info({ journalId, articles: fresh.articles.size, ms: Date.now() - started }, 'read model reloaded');
  }
}
