/** Every public read's key in the public pages' read cache. */
export const publicKeys = {
  all: ['public'] as const,
  settings: () => [...publicKeys.all, 'settings'] as const,
  editors: () => [...publicKeys.all, 'editors'] as const,
  indexing: () => [...publicKeys.all, 'indexing'] as const,
  archives: () => [...publicKeys.all, 'archives'] as const,
  issues: () => [...publicKeys.all, 'issue'] as const,
  issue: (year: number, volume: number, issue: number) => [...publicKeys.issues(), year, volume, issue] as const,
  articles: () => [...publicKeys.all, 'article'] as const,
  article: (ref: string) => [...publicKeys.articles(), ref] as const,
  articleHead: (ref: string, origin: string) => [...publicKeys.articles(), ref, 'head', origin] as const,
  searches: () => [...publicKeys.all, 'search'] as const,
  search: (keyword: string) => [...publicKeys.searches(), keyword] as const,
  articleStats: (ref: string | number) => [...publicKeys.all, 'article-stats', String(ref)] as const,
};
