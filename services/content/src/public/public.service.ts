import { isSafeLinkOrBareHost, safeLinkOrEmpty } from '@journal/contracts';
import type { ArticleRepo } from '../archives/article.repo';
import { byPinThenCreation, type Editor } from '../editors/editor.repo';
import { bySort, type IndexingItem } from '../indexing/indexing.repo';
import { assetPath, versionedUrl } from '../files/file-store';
import { cleanRich } from '../shared/text';
import type { OaiRepository } from '../seo/oai';
import { oaiEntryOf, tombstoneEntry } from '../views/oai-views';
import { sitemapFile, sitemapLastmod } from '../views/sitemap-index';
import type { SitemapLimits } from '../seo/sitemap';
import type { ViewCache } from '../views/view-cache';
import type { ViewStore } from '../views/view-store';
import { issueOfPdfPath, type HeadView, type IssueKey } from '../views/view-docs';
import { archiveYears, corpusEntry, listedIssues } from '../views/view-build';
import { summaryOf, toSummary, type ArticleDetail, type ArticleSummary, type CorpusArticle, type YearSummary } from '../views/article-shapes';

export { toDetail, toSummary, type ArticleDetail, type ArticleSummary, type CorpusArticle, type YearSummary } from '../views/article-shapes';

type ContactField = 'email' | 'phone' | 'editor_website';
/** Contact fields are left out altogether where the journal hides editors' contacts. */
export type PublicEditor = Omit<Editor, 'creation' | 'updated_at' | ContactField> &
  Partial<Pick<Editor, ContactField>> & { picture_url: string; creation: string; updated_at: string };
export type PublicIndexingItem = IndexingItem & { image_url: string | null };

/**
 * One journal's public articles assembled from its issue views (no abstracts): the sitemap and
 * OAI lists read it. Held in the budgeted cache like any answer.
 */
export interface Corpus {
  /** Newest issue first, then page order. */
  articles: CorpusArticle[];
  /** refnumber → index in `articles`. */
  byRef: Map<string, number>;
  bytes: number;
}

/** docs/product.md#withdrawals: whether an article PDF may be downloaded (see `articleFileState`). */
export type ArticleFileState = { state: 'listed' } | { state: 'withdrawn'; article: ArticleDetail } | { state: 'hidden' };

/** A stored path as the asset route names it: without the version, the file name decoded. */
const barePath = (url: string | null): string | null => {
  if (!url) return null;
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
const sameIssue = (a: IssueKey, b: IssueKey) => Number(a.year) === b.year && Number(a.volume) === b.volume && Number(a.issue) === b.issue;

const fileUrl = (head: HeadView, path: string) => versionedUrl(path, head.files[path]);
const pictureOf = (head: HeadView, e: Editor) => fileUrl(head, assetPath.editor(e.picture || 'avatar.png'));
const enabledEditors = (head: HeadView) => head.editors.filter((e) => e.status === 'enabled').sort(byPinThenCreation);

/** The public reads of docs/product.md#api, made from the persisted views (built once, shared by every router). */
export class PublicService {
  constructor(
    private readonly views: ViewStore,
    private readonly cache: ViewCache,
    private readonly articles: Pick<ArticleRepo, 'findByRefs' | 'findByRef' | 'tombstones'>,
  ) {}

  head(journalId: string): Promise<HeadView> {
    return this.views.head(journalId);
  }

  /** A stored file's immutable public URL (path and content version), for editor, indexing and site files. */
  async assetUrl(journalId: string, path: string): Promise<string> {
    return fileUrl(await this.head(journalId), path);
  }

  async editors(journalId: string): Promise<PublicEditor[]> {
    const head = await this.head(journalId);
    const contacts = head.journal?.flags.showEditorContacts === true;
    return enabledEditors(head).map((e) => publicEditor(e, contacts, pictureOf(head, e)));
  }

  async editor(journalId: string, id: string): Promise<PublicEditor | null> {
    const head = await this.head(journalId);
    const e = head.editors.find((x) => x.id === id);
    const contacts = head.journal?.flags.showEditorContacts === true;
    return e && e.status === 'enabled' ? publicEditor(e, contacts, pictureOf(head, e)) : null;
  }

  /**
   * docs/product.md#bulk-documents: the editors with these ids, enabled or not (staff documents are
   * made from what staff selected), in the order asked, and the ids this journal does not have.
   */
  async staffEditors(journalId: string, ids: string[]): Promise<{ editors: PublicEditor[]; missing: string[] }> {
    const head = await this.head(journalId);
    const contacts = head.journal?.flags.showEditorContacts === true;
    const out: { editors: PublicEditor[]; missing: string[] } = { editors: [], missing: [] };
    for (const id of ids) {
      const e = head.editors.find((x) => x.id === id);
      if (e) out.editors.push(publicEditor(e, contacts, pictureOf(head, e)));
      else out.missing.push(id);
    }
    return out;
  }

  /**
   * The same for articles: any status, withdrawn ones too. The public ones come from their views;
   * only the others (disabled, withdrawn, unknown: usually few) are asked of the database.
   */
  async staffArticles(journalId: string, refs: string[]): Promise<{ articles: ArticleSummary[]; missing: string[] }> {
    const listed = await this.listedByRefs(journalId, refs);
    const rest = refs.filter((r) => !listed.has(r));
    const stored = new Map((rest.length ? await this.articles.findByRefs(journalId, rest) : []).map((a) => [a.refnumber, a]));
    const out: { articles: (ArticleSummary & { status: string })[]; missing: string[] } = { articles: [], missing: [] };
    for (const ref of refs) {
      const c = listed.get(ref);
      const a = c ? undefined : stored.get(ref);
      if (c) out.articles.push({ ...summaryOf(c), status: 'enabled' });
      else if (a) out.articles.push({ ...toSummary(a), status: a.status });
      else out.missing.push(ref);
    }
    return out;
  }

  /** The public articles among these reference numbers, by reference number (one view read each). */
  async listedByRefs(journalId: string, refs: string[]): Promise<Map<string, CorpusArticle>> {
    const found = await Promise.all(refs.map((r) => this.findByRef(journalId, r)));
    const out = new Map<string, CorpusArticle>();
    refs.forEach((r, i) => {
      if (found[i]) out.set(r, found[i]!);
    });
    return out;
  }

  async indexing(journalId: string): Promise<PublicIndexingItem[]> {
    const head = await this.head(journalId);
    // Who edited a partner is the admin's business, not the public's.
    return head.indexing
      .filter((i) => i.status === 'enabled')
      .sort(bySort)
      .map(({ createdby: _c, modifiedby: _m, ...i }) => ({ ...i, link: safeLinkOrEmpty(i.link), image_url: i.image ? fileUrl(head, assetPath.indexing(i.image)) : null }));
  }

  /** The journal's settings document as stored, or null. */
  async journal(journalId: string) {
    return (await this.head(journalId)).journal;
  }

  /** Year summaries (docs/product.md#entities) of issues that have public articles, newest year first. */
  async archiveYears(journalId: string): Promise<YearSummary[]> {
    return archiveYears(await this.head(journalId));
  }

  /** docs/product.md#visibility-and-ordering: the public articles of one issue by numeric page start; frequency filled from the issue. */
  async issueArticles(journalId: string, key: IssueKey): Promise<ArticleSummary[]> {
    return (await this.views.issue(journalId, key)).articles.map((e) => summaryOf(corpusEntry(e)));
  }

  /** The same as JSON bytes. */
  async issueArticlesJson(journalId: string, key: IssueKey): Promise<Buffer> {
    return jsonList((await this.views.issue(journalId, key)).articles.map(corpusEntry));
  }

  /** A public article's list entry by reference number, or null. */
  async findByRef(journalId: string, ref: string): Promise<CorpusArticle | null> {
    const v = await this.views.article(journalId, ref);
    return v?.listed ? v.summary : null;
  }

  /** A withdrawn article's tombstone by reference number (docs/product.md#withdrawals): what its page still shows, without its PDF. */
  async tombstoneByRef(journalId: string, ref: string): Promise<CorpusArticle | null> {
    const v = await this.views.article(journalId, ref);
    return v && !v.listed ? v.summary : null;
  }

  /**
   * Who may download the article PDF stored at `path` (docs/product.md#withdrawals): `listed` while
   * a public article of its issue links it (retracted ones included); `withdrawn` when the article
   * its name is of is a tombstone of that issue; `hidden` otherwise (a disabled article, a file no
   * article links). Views only, each kept in memory until a write names it: the asset route asks
   * on every download nginx does not answer itself.
   */
  async articleFileState(journalId: string, path: string): Promise<ArticleFileState> {
    const key = issueOfPdfPath(path);
    if (!key) return { state: 'hidden' };
    const name = path.slice(path.lastIndexOf('/') + 1);
    const v = await this.views.article(journalId, name.replace(/\.pdf$/i, ''));
    if (v?.listed && barePath(v.detail.pdf_url) === path) return { state: 'listed' };
    if (v && !v.listed && sameIssue(v.detail, key)) return { state: 'withdrawn', article: v.detail };
    // A file named otherwise than `{refnumber}.pdf` (older data): the issue's public list says.
    const issue = await this.views.issue(journalId, key);
    return issue.articles.some((e) => barePath(e.pdf_url) === path) ? { state: 'listed' } : { state: 'hidden' };
  }

  /** A public article's list entry by id, or null. */
  async findById(journalId: string, id: string): Promise<CorpusArticle | null> {
    const loc = await this.views.loc(journalId, id);
    if (!loc?.ref) return null;
    const v = await this.views.article(journalId, loc.ref);
    return v?.listed && v.id === id ? v.summary : null;
  }

  /** The article page's data by reference number: a public article's details, or a withdrawn one's tombstone. */
  async pageByRef(journalId: string, ref: string): Promise<ArticleDetail | null> {
    return (await this.views.article(journalId, ref))?.detail ?? null;
  }

  /** Full details of a public article by reference number (its page, citations, JATS). */
  async articleByRef(journalId: string, ref: string): Promise<ArticleDetail | null> {
    const v = await this.views.article(journalId, ref);
    return v?.listed ? v.detail : null;
  }

  async articleById(journalId: string, id: string): Promise<ArticleDetail | null> {
    const c = await this.findById(journalId, id);
    return c ? this.articleByRef(journalId, c.refnumber) : null;
  }

  /** Full public details of these reference numbers, in the order given (OAI records, feeds); PDF paths bare. */
  async detailsByRefs(journalId: string, refs: string[]): Promise<ArticleDetail[]> {
    const found = await Promise.all(refs.map((r) => this.articleByRef(journalId, r)));
    return found.filter((d): d is ArticleDetail => d !== null).map((d) => ({ ...d, pdf_url: d.pdf_url ? d.pdf_url.split('?')[0]! : null }));
  }

  /**
   * docs/product.md#oai-pmh: a journal's OAI-PMH repository, read from its stored index (a list
   * page reads a few chunks) and its article views. An identifier is an article's (by the unique
   * reference number's index), else a removed one's tombstone (oai-views.ts dates them).
   */
  oai(journalId: string): OaiRepository {
    return {
      directory: () => this.views.oaiDirectory(journalId),
      chunk: (c) => this.views.oaiChunk(journalId, c),
      issues: async () => listedIssues(await this.head(journalId)),
      entry: async (ref) => {
        const a = await this.articles.findByRef(journalId, ref);
        if (a) return oaiEntryOf(a);
        const t = await this.articles.tombstones.find(journalId, ref);
        return t ? tombstoneEntry(t) : null;
      },
      records: async (refs) => {
        const views = await Promise.all(refs.map((r) => this.views.article(journalId, r)));
        return new Map(views.flatMap((v) => (v?.listed ? [[v.summary.refnumber, { detail: v.detail, pdf_url: v.summary.pdf_url }] as const] : [])));
      },
    };
  }

  /**
   * The number of sitemap files for this origin, file `want` (1-based) when asked, and the day of
   * the journal's latest change: from the stored sitemap index, the answer held in the budgeted
   * cache until the journal changes.
   */
  sitemapFile(journalId: string, origin: string, limits: SitemapLimits, want?: number): Promise<{ count: number; file?: string; lastmod?: string }> {
    return this.cache.get(
      journalId,
      `sitemap:${origin}:${limits.maxUrls}:${limits.maxBytes}:${want ?? 0}`,
      async () => {
        const dir = await this.views.sitemapDirectory(journalId);
        const r = await sitemapFile(dir, (c) => this.views.sitemapChunk(journalId, c), origin, limits, want);
        return { ...r, lastmod: sitemapLastmod(dir) };
      },
      (r) => 64 + (r.file?.length ?? 0),
    );
  }

  /** The newest `n` public articles (feeds): the newest issues' views only. */
  async newest(journalId: string, n: number): Promise<CorpusArticle[]> {
    const out: CorpusArticle[] = [];
    for (const key of listedIssues(await this.head(journalId))) {
      if (out.length >= n) break;
      for (const e of (await this.views.issue(journalId, key)).articles) out.push(corpusEntry(e));
    }
    return out.slice(0, n);
  }

  /**
   * Every public article of the journal, assembled from its issue views (sitemap, OAI), cached
   * under the memory budget until the journal changes.
   */
  corpus(journalId: string): Promise<Corpus> {
    return this.cache.get(
      journalId,
      'corpus',
      async () => {
        const head = await this.head(journalId);
        const keys = listedIssues(head);
        const views = await Promise.all(keys.map((k) => this.views.issue(journalId, k)));
        const articles: CorpusArticle[] = [];
        const byRef = new Map<string, number>();
        let bytes = 0;
        for (const v of views) {
          for (const e of v.articles) {
            byRef.set(e.refnumber, articles.length);
            articles.push(corpusEntry(e));
            bytes += 1200;
          }
        }
        return { articles, byRef, bytes };
      },
      (c) => c.bytes,
    );
  }
}

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
