import { authorsFromText, isSafeLinkOrBareHost, publicAuthor, safeLinkOrEmpty, type ArticleSummaryFields, type PublicAuthor, type ArticleReference } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { withdrawalRead, type Article } from '../archives/article.repo';
import type { Editor } from '../editors/editor.repo';
import type { IndexingItem } from '../indexing/indexing.repo';
import { assetPath } from '../files/file-store';
import { cleanRich, cleanTitle } from '../shared/text';
import type { DeletedRecord } from '../seo/oai';
import { SearchIndex } from './search-index';

/** An article in lists (issue page, search): no abstract, no private fields; the contract's fields. */
export type ArticleSummary = ArticleSummaryFields;

/** One article (article page, /pdf page): the summary plus abstract and dates. */
export interface ArticleDetail extends ArticleSummary {
  /** Sanitised HTML under the common allow-list. */
  abstract: string;
  /** docs/product.md#structured-authors: in order, without e-mails. */
  authors: PublicAuthor[];
  /** The article's own licence URL; '' states the journal's default. */
  license: string;
  references: ArticleReference[];
  description: string;
  ptype: string;
  status: string;
  creation: string;
  modification: string;
}

export interface YearSummary {
  year: number;
  /** The year's volume (the highest if a year spans two). */
  volume: number;
  total_issues: number;
  /** Issue number → month text as stored on the issue (e.g. 'january', 'july-august'); only known months. */
  issue_month: Record<string, string>;
  /** The year's issues, newest first. */
  issues: { volume: number; issue: number; month: string; articles: number }[];
}

export function toSummary(a: Article): ArticleSummary {
  return {
    id: a.id,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    frequency: a.frequency ?? '',
    refnumber: a.refnumber,
    title: a.title_html || cleanTitle(a.title),
    authorname: a.authorname ?? '',
    keywords: a.keywords ?? '',
    pagenumber: a.pagenumber ?? '',
    pageStart: a.pageStart ?? 0,
    pageEnd: a.pageEnd ?? 0,
    subject: a.subject ?? '',
    country: a.country ?? '',
    file: a.file ?? '',
    pdf_url: a.file ? assetPath.article(a.year, a.volume, a.issue, a.file) : null,
    publishdate: a.publishdate ?? '',
    doi: a.doi ?? '',
    withdrawal: withdrawalRead(a.withdrawal),
  };
}

export function toDetail(a: Article): ArticleDetail {
  return {
    ...toSummary(a),
    abstract: cleanRich(a.abstract),
    authors: (a.authors?.length ? a.authors : authorsFromText(a.authorname)).map(publicAuthor),
    license: a.license ?? '',
    references: (a.references ?? []).map((r) => ({ text: r.text, doi: r.doi ?? '' })),
    description: cleanTitle(a.description ?? ''),
    ptype: a.ptype ?? '',
    status: a.status,
    creation: new Date(a.creation ?? 0).toISOString(),
    modification: new Date(a.modification ?? a.creation ?? 0).toISOString(),
  };
}

type ContactField = 'email' | 'phone' | 'editor_website';
/** Contact fields are left out altogether where the journal hides editors' contacts. */
export type PublicEditor = Omit<Editor, 'creation' | 'updated_at' | ContactField> &
  Partial<Pick<Editor, ContactField>> & { picture_url: string; creation: string; updated_at: string };
export type PublicIndexingItem = IndexingItem & { image_url: string | null };

/** A corpus entry: the list shape plus the date OAI and the sitemap need. */
export type CorpusArticle = ArticleSummary & { modification: string };

/**
 * One journal's public articles in memory (no abstracts): search, sitemap and OAI read it without
 * touching the database. Built from the derived fields the repository stores on every write.
 */
export interface Corpus {
  /** Newest issue first, then page order. */
  articles: CorpusArticle[];
  /** Lower-cased plain text of title, authors, keywords and abstract, index-aligned with `articles`. */
  hay: string[];
  /** refnumber → index in `articles`. */
  byRef: Map<string, number>;
  bytes: number;
}

export const SEARCH_MAX_KEYWORD = 200;
export const SEARCH_MAX_RESULTS = 1000;

/** Normalises a search keyword: string only, whitespace collapsed, capped in length. */
export function normaliseKeyword(k: unknown): string {
  if (typeof k !== 'string') return '';
  return k.slice(0, SEARCH_MAX_KEYWORD * 2).replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_KEYWORD).toLowerCase();
}

export class PublicService {
  constructor(private readonly deps: ContentDeps) {}

  private get repos() {
    return this.deps.repos;
  }

  private view(journalId: string) {
    return this.deps.cache.view(journalId);
  }

  async editors(journalId: string): Promise<PublicEditor[]> {
    const view = await this.view(journalId);
    const contacts = view.journal?.flags.showEditorContacts === true;
    return view.enabledEditors().map((e) => publicEditor(e, contacts, view.assetUrl(assetPath.editor(e.picture || 'avatar.png'))));
  }

  async editor(journalId: string, id: string): Promise<PublicEditor | null> {
    const view = await this.view(journalId);
    const e = view.editors.get(id);
    const contacts = view.journal?.flags.showEditorContacts === true;
    return e && e.status === 'enabled' ? publicEditor(e, contacts, view.assetUrl(assetPath.editor(e.picture || 'avatar.png'))) : null;
  }

  /**
   * docs/product.md#bulk-documents: the editors with these ids, enabled or not (staff documents are
   * made from what staff selected), in the order asked, and the ids this journal does not have.
   */
  async staffEditors(journalId: string, ids: string[]): Promise<{ editors: PublicEditor[]; missing: string[] }> {
    const view = await this.view(journalId);
    const contacts = view.journal?.flags.showEditorContacts === true;
    const out: { editors: PublicEditor[]; missing: string[] } = { editors: [], missing: [] };
    for (const id of ids) {
      const e = view.editors.get(id);
      if (e) out.editors.push(publicEditor(e, contacts, view.assetUrl(assetPath.editor(e.picture || 'avatar.png'))));
      else out.missing.push(id);
    }
    return out;
  }

  /**
   * The same for articles: any status, withdrawn ones too. The public ones come from the in-memory
   * corpus; only the others (disabled, withdrawn, unknown: usually few) are asked of the database.
   */
  async staffArticles(journalId: string, refs: string[]): Promise<{ articles: ArticleSummary[]; missing: string[] }> {
    const { byRef, articles } = await this.corpus(journalId);
    const rest = refs.filter((r) => !byRef.has(r));
    const stored = new Map((rest.length ? await this.repos.articles.findByRefs(journalId, rest) : []).map((a) => [a.refnumber, a]));
    const out: { articles: (ArticleSummary & { status: string })[]; missing: string[] } = { articles: [], missing: [] };
    for (const ref of refs) {
      const i = byRef.get(ref);
      const a = i === undefined ? stored.get(ref) : undefined;
      if (i !== undefined) out.articles.push({ ...summaryOf(articles[i]!), status: 'enabled' });
      else if (a) out.articles.push({ ...toSummary(a), status: a.status });
      else out.missing.push(ref);
    }
    return out;
  }

  async indexing(journalId: string): Promise<PublicIndexingItem[]> {
    const view = await this.view(journalId);
    // Who edited a partner is the admin's business, not the public's.
    return view
      .enabledIndexing()
      .map(({ createdby: _c, modifiedby: _m, ...i }) => ({ ...i, link: safeLinkOrEmpty(i.link), image_url: i.image ? view.assetUrl(assetPath.indexing(i.image)) : null }));
  }

  /** The journal's settings document as stored, or null. */
  async journal(journalId: string) {
    return (await this.view(journalId)).journal;
  }

  /** Year summaries (docs/product.md#entities) of issues that have public articles, newest year first. */
  async archiveYears(journalId: string): Promise<YearSummary[]> {
    const { articles } = await this.corpus(journalId);
    const byYear = new Map<number, YearSummary>();
    // The corpus is ordered newest issue first, so issues arrive in the order they are listed.
    for (const a of articles) {
      let y = byYear.get(a.year);
      if (!y) byYear.set(a.year, (y = { year: a.year, volume: a.volume, total_issues: 0, issue_month: {}, issues: [] }));
      const last = y.issues[y.issues.length - 1];
      if (last && last.volume === a.volume && last.issue === a.issue) {
        last.articles++;
        continue;
      }
      y.volume = Math.max(y.volume, a.volume);
      y.total_issues++;
      if (a.frequency && !(String(a.issue) in y.issue_month)) y.issue_month[String(a.issue)] = a.frequency;
      y.issues.push({ volume: a.volume, issue: a.issue, month: a.frequency, articles: 1 });
    }
    return [...byYear.values()].sort((a, b) => b.year - a.year);
  }

  /** docs/product.md#visibility-and-ordering: the public articles of one issue by numeric page start; frequency filled from the issue. */
  async issueArticles(journalId: string, key: { year: number; volume: number; issue: number }): Promise<ArticleSummary[]> {
    return (await this.view(journalId)).issueArticles(key).map(summaryOf);
  }

  /** The same as JSON bytes, from each article's answer serialised once per stored version. */
  async issueArticlesJson(journalId: string, key: { year: number; volume: number; issue: number }): Promise<Buffer> {
    return jsonList((await this.view(journalId)).issueArticles(key));
  }


  /** The corpus entry of a public article by reference number, or null (no database read). */
  async findByRef(journalId: string, ref: string): Promise<CorpusArticle | null> {
    const { byRef, articles } = await this.corpus(journalId);
    const i = byRef.get(ref);
    return i === undefined ? null : articles[i]!;
  }

  /**
   * A withdrawn article's tombstone by reference number (docs/product.md#withdrawals): what its
   * page still shows, without its PDF. Null when there is none (no database read).
   */
  async tombstoneByRef(journalId: string, ref: string): Promise<CorpusArticle | null> {
    const a = (await this.view(journalId)).tombstoneByRef(ref);
    return a ? { ...toSummary(a), file: '', pdf_url: null, modification: new Date(a.modification ?? 0).toISOString() } : null;
  }

  /** The corpus entry of a public article by id, or null (no database read). */
  async findById(journalId: string, id: string): Promise<CorpusArticle | null> {
    return (await this.view(journalId)).articles.get(id)?.summary ?? null;
  }

  /**
   * Full details of a public article the corpus lists: the abstract is read by id (the lookup
   * FerretDB indexes), and only when the article's stored version is not already answered.
   */
  async detail(journalId: string, c: CorpusArticle): Promise<ArticleDetail | null> {
    const a = await this.repos.articles.findById(journalId, c.id);
    if (!a || a.status !== 'enabled' || !a.refnumber) return null;
    // The PDF's URL with its content version, as the corpus knows it.
    const d = { ...(await this.withFrequency(journalId, a, c.frequency)), pdf_url: c.pdf_url };
    // A withdrawn article keeps its title, authors and the reason; its abstract and PDF go.
    return a.withdrawal?.kind === 'withdrawn' ? { ...d, abstract: '', file: '', pdf_url: null } : d;
  }

  async articleByRef(journalId: string, ref: string): Promise<ArticleDetail | null> {
    const c = await this.findByRef(journalId, ref);
    return c ? this.detail(journalId, c) : null;
  }

  async articleById(journalId: string, id: string): Promise<ArticleDetail | null> {
    const c = await this.findById(journalId, id);
    return c ? this.detail(journalId, c) : null;
  }

  /** Full public details of these reference numbers, in the order given (OAI records). */
  async detailsByRefs(journalId: string, refs: string[]): Promise<ArticleDetail[]> {
    const { byRef, articles } = await this.corpus(journalId);
    const ids = refs.map((r) => byRef.get(r)).filter((i): i is number => i !== undefined).map((i) => articles[i]!);
    const found = await Promise.all(ids.map((c) => this.repos.articles.findById(journalId, c.id)));
    return found
      .map((a, k) => (a && a.status === 'enabled' && a.refnumber ? toDetail({ ...a, frequency: a.frequency || ids[k]!.frequency }) : null))
      .filter((d): d is ArticleDetail => d !== null);
  }

  private async withFrequency(journalId: string, a: Article, known?: string): Promise<ArticleDetail> {
    if (!a.frequency) a.frequency = known || ((await this.repos.issues.find(journalId, a.year, a.volume, a.issue))?.frequency ?? '');
    return toDetail(a);
  }

  /**
   * docs/product.md#oai-pmh: what OAI reports as deleted: articles disabled or withdrawn (their
   * datestamp the later of their last change and the withdrawal), and tombstones of removed ones.
   */
  async deletedRecords(journalId: string): Promise<DeletedRecord[]> {
    const { hidden, removed } = await this.repos.articles.listDeleted(journalId);
    const time = (d: Date | string | undefined) => (d ? new Date(d).getTime() || 0 : 0);
    return [
      ...hidden.map((a) => ({
        refnumber: a.refnumber,
        year: a.year,
        volume: a.volume,
        issue: a.issue,
        datestamp: new Date(Math.max(time(a.modification), time(a.withdrawal?.at))),
        removed: false,
      })),
      ...removed.map((t) => ({ refnumber: t.refnumber, year: t.year, volume: t.volume, issue: t.issue, datestamp: t.removedAt, removed: true })),
    ];
  }

  /** Every public article of the journal, from its in-memory view. */
  async corpus(journalId: string): Promise<Corpus> {
    return (await this.view(journalId)).corpus();
  }

  /**
   * docs/product.md#search: case-insensitive match of the keyword in title, authors, keywords and abstract, enabled
   * articles only. A plain substring test on pre-lowered text: no user text ever becomes a regex.
   */
  async search(journalId: string, keyword: unknown): Promise<ArticleSummary[]> {
    return (await this.searchMatches(journalId, keyword)).map(summaryOf);
  }

  /** The same as JSON bytes (see issueArticlesJson). */
  async searchJson(journalId: string, keyword: unknown): Promise<Buffer> {
    return jsonList(await this.searchMatches(journalId, keyword));
  }

  private async searchMatches(journalId: string, keyword: unknown): Promise<CorpusArticle[]> {
    const k = normaliseKeyword(keyword);
    if (!k) return [];
    const corpus = await this.corpus(journalId);
    const { articles, hay } = corpus;
    const index = this.indexes.of(journalId, corpus);
    if (index) return index.search(k, SEARCH_MAX_RESULTS).map((i) => articles[i]!);
    const out: CorpusArticle[] = [];
    for (let i = 0; i < hay.length && out.length < SEARCH_MAX_RESULTS; i++) {
      if (hay[i]!.includes(k)) out.push(articles[i]!);
    }
    return out;
  }

  private indexesOf?: SearchIndexes;
  private get indexes(): SearchIndexes {
    return (this.indexesOf ??= new SearchIndexes(this.deps.config.SEARCH_INDEX_MIN_ARTICLES));
  }
}

/**
 * One search index per journal's current corpus. A corpus version is never changed (a write makes a
 * new one), so its index stays right for as long as it is read. A large corpus gets its index built
 * in the background on its first search, and answers by scanning until then; a small one is
 * scanned as fast as an index would answer, and gets none.
 */
export class SearchIndexes {
  private readonly ready = new WeakMap<Corpus, SearchIndex>();
  private readonly building = new WeakSet<Corpus>();
  private readonly latest = new Map<string, Corpus>();

  constructor(private readonly minArticles: number = SEARCH_INDEX_MIN_ARTICLES) {}

  of(journalId: string, corpus: Corpus): SearchIndex | undefined {
    const index = this.ready.get(corpus);
    if (index || corpus.hay.length < this.minArticles) return index;
    this.latest.set(journalId, corpus);
    if (!this.building.has(corpus)) {
      this.building.add(corpus);
      void SearchIndex.build(corpus.hay, () => this.latest.get(journalId) !== corpus).then(
        (built) => {
          if (built) this.ready.set(corpus, built);
        },
        () => undefined,
      );
    }
    return undefined;
  }
}

/** Below this many articles a scan of the search texts takes well under a millisecond. */
export const SEARCH_INDEX_MIN_ARTICLES = 2000;

const summaryOf = (d: CorpusArticle): ArticleSummary => {
  const { modification, ...s } = d;
  void modification;
  return s;
};

/** Each corpus entry's list JSON as UTF-8 bytes, made once: entries are replaced, never changed, on
 *  a write. A list answer is then one copy of those bytes, with no string to join and encode. (An
 *  ETag made from per-entry hashes, tried instead of hashing the answer, cost more in the running
 *  service: two more allocations per answer and a hash object per entry; see bench/profile.md.) */
const jsonOf = new WeakMap<CorpusArticle, Buffer>();
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
export function jsonList(list: readonly CorpusArticle[]): Buffer {
  const parts: Buffer[] = [OPEN];
  let length = 2;
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    let j = jsonOf.get(a);
    if (j === undefined) jsonOf.set(a, (j = Buffer.from(JSON.stringify(summaryOf(a)))));
    if (i > 0) {
      parts.push(COMMA);
      length++;
    }
    parts.push(j);
    length += j.length;
  }
  parts.push(CLOSE);
  return Buffer.concat(parts, length);
}

export function publicEditor(e: Editor, contacts: boolean, pictureUrl: string): PublicEditor {
  const { email, phone, editor_website, ...rest } = e;
  return {
    ...rest,
    // docs/security.md#links: a website stored before the rules with another scheme is answered empty.
    ...(contacts ? { email, phone, editor_website: isSafeLinkOrBareHost(editor_website ?? '') ? editor_website : '' } : {}),
    post: cleanRich(e.post),
    content: cleanRich(e.content),
    picture_url: pictureUrl,
    creation: new Date(e.creation ?? 0).toISOString(),
    updated_at: new Date(e.updated_at ?? 0).toISOString(),
  };
}
