import { articlePagePath, issuePagePath } from '@journal/contracts/article-path';

/** The public site's routes (docs/product.md#public-routes); part of every reader's first load. */
export const publicPaths = {
  home: '/',
  archives: '/archives',
  issue: (year: number | string, volume: number | string, issue: number | string) => issuePagePath({ year, volume, issue }),
  article: (year: number | string, volume: number | string, issue: number | string, ref: number | string) =>
    articlePagePath({ year, volume, issue, refnumber: ref }),
  board: '/board',
  instructions: '/instructions',
  indexing: '/indexing',
  indexingAbstracting: '/indexing-and-abstracting',
  contact: '/contact',
  about: '/about',
  search: (keyword: string) => `/search?keyword=${encodeURIComponent(keyword)}`,
  pdf: (refno: string | number) => `/pdf?refno=${encodeURIComponent(String(refno))}`,
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  /** docs/product.md#submissions: the form (the status pages' paths are their chunk's: submission-page.tsx). */
  submit: '/submit',
} as const;
