import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { publicKeys } from '@/lib/public-keys';

/** Every admin query key. */
export const adminKeys = {
  all: ['admin'] as const,
  counts: () => [...adminKeys.all, 'counts'] as const,
  /** The journal's settings as the admin forms read them. */
  settings: () => [...adminKeys.all, 'settings'] as const,
  issues: () => [...adminKeys.all, 'issues'] as const,
  issue: (year: number, volume: number, issue: number) => [...adminKeys.all, 'issue', year, volume, issue] as const,
  usage: (year: number, volume: number, issue: number) => [...adminKeys.all, 'usage', year, volume, issue] as const,
  article: (id: string) => [...adminKeys.all, 'article', id] as const,
  search: (text: string) => [...adminKeys.all, 'search', text] as const,
  editors: () => [...adminKeys.all, 'editors'] as const,
  editor: (id: string | undefined) => [...adminKeys.all, 'editor', id] as const,
  indexing: () => [...adminKeys.all, 'indexing'] as const,
  staff: () => [...adminKeys.all, 'staff'] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
};

/**
 * What a save makes stale, in the admin and on the public site: an admin who opens a public page
 * in the same tab sees the change at once instead of a cached copy.
 */
export const staleAfterSaving = {
  settings: (): QueryKey[] => [adminKeys.settings(), publicKeys.settings()],
  /** Site images keep their URLs; the pages that show them re-read the settings. */
  images: (): QueryKey[] => [adminKeys.settings(), publicKeys.settings()],
  /** DOI prefix and pattern: shown on article pages. */
  doiSettings: (): QueryKey[] => [adminKeys.settings(), publicKeys.settings(), publicKeys.articles()],
  issue: (): QueryKey[] => [adminKeys.all, publicKeys.archives(), publicKeys.issues()],
  article: (): QueryKey[] => [adminKeys.all, publicKeys.archives(), publicKeys.issues(), publicKeys.articles(), publicKeys.searches()],
  /** A Crossref export gives DOIs to the issue's articles. */
  dois: (year: number, volume: number, issue: number): QueryKey[] => [
    adminKeys.issue(year, volume, issue),
    publicKeys.issue(year, volume, issue),
    publicKeys.articles(),
  ],
  editor: (): QueryKey[] => [adminKeys.all, publicKeys.editors()],
  indexing: (): QueryKey[] => [adminKeys.indexing(), publicKeys.indexing()],
  /** The admin list is set from the reorder's answer; only the public one is re-read. */
  indexingOrder: (): QueryKey[] => [publicKeys.indexing()],
  staff: (): QueryKey[] => [adminKeys.staff()],
};

/** Invalidates the queries a save made stale; resolves once the active ones have refetched. */
export const invalidateAfterSave = (qc: QueryClient, keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined);
