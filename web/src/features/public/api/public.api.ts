import { createContext, useContext } from 'react';
import type { ArticleSummary, PublicRead, PublicReadName } from '@journal/contracts';
import { ARTICLE_REF_RE } from '@journal/contracts/ids';
import { readJson, ReadError } from './read-json';
import { useRead } from '@/lib/read-cache';
import { publicKeys } from './keys';
import type { Article, Editor, IndexingItem, Settings } from './public-types';

export type { Article, Editor, IndexingItem, Settings, YearSummary } from './public-types';

/**
 * Fetches one public read by path. The browser's getter only types the answer; the render
 * process's getter also checks it against the shared response schema of `name`.
 */
export type ReadGetter = <K extends PublicReadName>(path: string, name: K) => Promise<PublicRead<K>>;

/** The public reads, the same functions in the browser and in the render process. */
export function publicReads(get: ReadGetter) {
  const orNull = async <T,>(p: Promise<T>): Promise<T | null> => {
    try {
      return await p;
    } catch (e) {
      if (e instanceof ReadError && (e.status === 404 || e.status === 400)) return null;
      throw e;
    }
  };
  return {
    /** Any public read by path: pages' own reads (in their chunks) go through it. */
    get,
    settings: () => get('/api/settings/', 'settings'),
    editors: () => get('/api/editors/', 'editors'),
    indexing: () => get('/api/indexing/', 'indexing'),
    /** Newest year first. */
    archives: async () => (await get('/api/archives/', 'archives')).sort((a, b) => b.year - a.year || b.volume - a.volume),
    issue: async (year: number, volume: number, issue: number) => (await orNull(get(`/api/archives/${year}/${volume}/${issue}`, 'issue'))) ?? [],
    /** One enabled article by reference number; null when missing or not public. */
    article: async (ref: string) => {
      if (!ARTICLE_REF_RE.test(ref)) return null;
      const a = await orNull(get(`/api/archives/ref/${encodeURIComponent(ref)}`, 'article'));
      return a && (!a.status || a.status === 'enabled') ? a : null;
    },
    search: async (keyword: string) =>
      (await get(`/api/search?keyword=${encodeURIComponent(keyword)}`, 'search')).filter((a) => !('status' in a) || !a.status || a.status === 'enabled'),
  };
}
export type PublicReads = ReturnType<typeof publicReads>;

/** The browser's reads: same-origin requests through nginx and the gateway. */
export const browserReads = publicReads((path) => readJson(path));

/** Which reads the hooks use: the browser's, or the render process's while it renders. */
export const ReadsContext = createContext<PublicReads>(browserReads);
export const useReads = () => useContext(ReadsContext);

/** Search keywords longer than this are cut (the content service reads no more). */
export const MAX_KEYWORD = 200;

/**
 * The article head's module, imported once: an import() per page costs the render process a
 * module resolution each time. A failed load (a browser's network) is tried again next time.
 */
let articleHeadLoad: Promise<typeof import('../lib/article-head')> | undefined;
const articleHeadModule = () =>
  (articleHeadLoad ??= import('../lib/article-head').catch((err: unknown) => {
    articleHeadLoad = undefined;
    throw err;
  }));

/** Query options shared by the route loaders and the page hooks, so both use one cache entry. */
export const publicQueries = {
  settings: (r: PublicReads) => ({ queryKey: publicKeys.settings(), queryFn: r.settings, staleTime: 5 * 60_000 }),
  editors: (r: PublicReads) => ({ queryKey: publicKeys.editors(), queryFn: r.editors }),
  indexing: (r: PublicReads) => ({ queryKey: publicKeys.indexing(), queryFn: r.indexing }),
  archives: (r: PublicReads) => ({ queryKey: publicKeys.archives(), queryFn: r.archives }),
  issue: (r: PublicReads, year: number, volume: number, issue: number) => ({
    queryKey: publicKeys.issue(year, volume, issue),
    queryFn: () => r.issue(year, volume, issue),
  }),
  article: (r: PublicReads, ref: string) => ({ queryKey: publicKeys.article(ref), queryFn: () => r.article(ref) }),
  /**
   * The article page's citation tags and JSON-LD: the render process builds them and the browser
   * reuses its strings, so the builders (and the contracts rules behind them) are no part of a
   * reader's first load; they are fetched only when the reader moves to another article.
   */
  articleHead: (a: Article, settings: Settings | undefined, origin: string) => ({
    queryKey: publicKeys.articleHead(a.refnumber, origin),
    queryFn: () => articleHeadModule().then((m) => m.articleHead(a, settings, origin)),
  }),
  search: (r: PublicReads, keyword: string) => ({
    queryKey: publicKeys.search(keyword.slice(0, MAX_KEYWORD)),
    queryFn: async () => {
      try {
        return await r.search(keyword.slice(0, MAX_KEYWORD));
      } catch (e) {
        // docs/product.md#error-messages: search failures are only logged; the list stays empty.
        console.error('search failed', e);
        return [] as ArticleSummary[];
      }
    },
  }),
};

/** Public path of an article's stored PDF: the URL the API gives. */
export const articlePdfUrl = (a: Pick<Article, 'pdf_url'>) => a.pdf_url || '';

export { siteImage } from '@/lib/site-images';
export const editorPicture = (e: Pick<Editor, 'picture' | 'picture_url'>) =>
  e.picture_url || `/assets/editors/${encodeURIComponent(e.picture || 'avatar.png')}`;
export const indexingImage = (it: Pick<IndexingItem, 'image' | 'image_url'>) =>
  it.image_url || (it.image ? `/assets/indexing/${encodeURIComponent(it.image)}` : '');

export const useSettings = () => useRead(publicQueries.settings(useReads()));
export const useEditors = () => useRead(publicQueries.editors(useReads()));
export const useIndexing = () => useRead(publicQueries.indexing(useReads()));
export const useArchiveYears = () => useRead(publicQueries.archives(useReads()));

export interface IssueData {
  articles: ArticleSummary[];
  frequency: string;
}

const issueData = (articles: ArticleSummary[]): IssueData => ({ articles, frequency: articles.find((a) => a.frequency)?.frequency || '' });

export const useIssue = (year: number | null, volume: number | null, issue: number | null) => {
  const reads = useReads();
  const valid = year !== null && volume !== null && issue !== null;
  return useRead(publicQueries.issue(reads, year ?? 0, volume ?? 0, issue ?? 0), { enabled: valid, select: issueData });
};

export const useArticleByRef = (ref: string | undefined) => useRead(publicQueries.article(useReads(), ref ?? ''), { enabled: !!ref });

export const useSearch = (keyword: string) => useRead(publicQueries.search(useReads(), keyword));
