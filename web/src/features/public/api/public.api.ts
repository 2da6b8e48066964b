import { useQuery } from '@tanstack/react-query';
import type { PublicEditor, PublicSettings } from '@journal/common/schemas';
import { api, ApiError } from '@/lib/api-client';

/** GET /api/settings/ (spec §3 settings plus the per-journal flags). */
export type Settings = PublicSettings & { journalId?: string };

export type Editor = PublicEditor;

export interface IndexingItem {
  id: string;
  title: string;
  link: string;
  image: string;
  sortnumber: number;
  image_url?: string | null;
}

/** GET /api/archives/ (spec §3 archive year summary). */
export interface YearSummary {
  year: number;
  volume: number;
  total_issues: number;
  /** Issue number → month name. */
  issue_month?: Record<string, string>;
  /** The year's issues, newest first (content service extension). */
  issues?: { volume: number; issue: number; month?: string; articles?: number }[];
}

export interface Article {
  id: string;
  year: number;
  volume: number;
  issue: number;
  frequency?: string;
  refnumber: string | number;
  title: string;
  authorname: string;
  abstract: string;
  keywords?: string;
  pagenumber: string;
  subject?: string;
  country?: string;
  file?: string;
  status?: string;
  publishdate?: string;
  pdf_url?: string | null;
  /** '' or absent when the article has no DOI. */
  doi?: string;
}

/** Public path of an article's stored PDF (spec §7). */
export const articlePdfUrl = (a: Pick<Article, 'year' | 'volume' | 'issue' | 'file' | 'pdf_url'>) =>
  a.file ? a.pdf_url || `/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/${encodeURIComponent(a.file)}` : '';

export const siteImage = (name: 'logo.png' | 'header.png' | 'cover.png' | 'chat.png') => `/assets/site/${name}`;
export const editorPicture = (e: Pick<Editor, 'picture' | 'picture_url'>) =>
  e.picture_url || `/assets/editors/${encodeURIComponent(e.picture || 'avatar.png')}`;
export const indexingImage = (it: Pick<IndexingItem, 'image' | 'image_url'>) =>
  it.image_url || (it.image ? `/assets/indexing/${encodeURIComponent(it.image)}` : '');

const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** The list endpoints answer a bare array; tolerate a wrapped one too. */
function listOf<T>(body: unknown, ...keys: string[]): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    for (const k of keys) {
      const v = (body as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v as T[];
    }
  }
  return [];
}

export const useSettings = () =>
  useQuery({ queryKey: ['public', 'settings'], queryFn: () => api.get<Settings>('/api/settings/'), staleTime: 5 * 60_000 });

export const useEditors = () =>
  useQuery({ queryKey: ['public', 'editors'], queryFn: async () => listOf<Editor>(await api.get('/api/editors/'), 'editors', 'items') });

export const useIndexing = () =>
  useQuery({ queryKey: ['public', 'indexing'], queryFn: async () => listOf<IndexingItem>(await api.get('/api/indexing/'), 'items', 'indexing') });

export const useArchiveYears = () =>
  useQuery({
    queryKey: ['public', 'archives'],
    queryFn: async () =>
      listOf<YearSummary>(await api.get('/api/archives/'), 'years', 'archives')
        .map((y) => ({ ...y, year: Number(y.year), volume: Number(y.volume), total_issues: Number(y.total_issues) }))
        .sort((a, b) => b.year - a.year || b.volume - a.volume),
  });

export interface IssueData {
  articles: Article[];
  frequency: string;
}

export const useIssue = (year: number | null, volume: number | null, issue: number | null) =>
  useQuery({
    queryKey: ['public', 'issue', year, volume, issue],
    enabled: year !== null && volume !== null && issue !== null,
    queryFn: async (): Promise<IssueData> => {
      try {
        const body = await api.get<unknown>(`/api/archives/${year}/${volume}/${issue}`);
        const articles = listOf<Article>(body, 'articles', 'items');
        const frequency =
          (body && !Array.isArray(body) && typeof (body as { frequency?: unknown }).frequency === 'string'
            ? (body as { frequency: string }).frequency
            : '') || articles.find((a) => a.frequency)?.frequency || '';
        return { articles, frequency };
      } catch (e) {
        if (isNotFound(e)) return { articles: [], frequency: '' };
        throw e;
      }
    },
  });

/** One enabled article by reference number; null when missing or not public. */
export const useArticleByRef = (ref: string | undefined) =>
  useQuery({
    queryKey: ['public', 'article', ref],
    enabled: !!ref,
    queryFn: async (): Promise<Article | null> => {
      try {
        const body = await api.get<Article | { article?: Article }>(`/api/archives/ref/${encodeURIComponent(ref!)}`);
        const a = (body && 'article' in body && body.article ? body.article : body) as Article;
        if (!a || typeof a !== 'object' || !a.refnumber || (a.status && a.status !== 'enabled')) return null;
        return a;
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
  });

export const useSearch = (keyword: string) =>
  useQuery({
    queryKey: ['public', 'search', keyword],
    queryFn: async () => {
      try {
        const body = await api.get<unknown>(`/api/search?keyword=${encodeURIComponent(keyword)}`);
        return listOf<Article>(body, 'articles', 'results', 'items').filter((a) => !a.status || a.status === 'enabled');
      } catch (e) {
        // Spec §8: search failures are only logged; the list stays empty.
        console.error('search failed', e);
        return [];
      }
    },
  });
