import type { ReadCache } from '@/lib/read-cache';
import { routeError, type LoaderArgs } from '@/lib/router';
import { pageStatus, redirect } from '@/lib/router/load';
import { publicPaths as paths } from '@/config/public-paths';
import { ReadError } from './api/read-json';
import { publicQueries, type PublicReads } from './api/public.api';
import { latestIssue, yearIssues } from './lib/archive-issues';
import { firstNumber } from '@journal/contracts/text.rules';

/** What the route loaders read with: one query cache per page render (server) or per tab (browser). */
export interface LoaderDeps {
  cache: ReadCache;
  reads: PublicReads;
  /** Public origin of absolute URLs (the site's, as pages read it with `useOrigin`); else the URL's. */
  origin?: string;
}
type Args = LoaderArgs<LoaderDeps>;

const notFound = (statusText: string) => routeError(404, statusText);
const unavailable = () => routeError(503, 'Service Unavailable');

/** Reads through the query cache; a failing content service becomes a 503 page. */
async function load<T>(d: LoaderDeps, q: Read<T>): Promise<T> {
  try {
    return await d.cache.ensure(q);
  } catch (e) {
    if (e instanceof ReadError && e.status < 500) throw routeError(e.status, e.message);
    throw unavailable();
  }
}

type Read<T> = { queryKey: readonly unknown[]; queryFn: () => Promise<T>; staleTime?: number };

/** A loader that only fills the cache with one read the page shows. */
const preload =
  <T>(read: (reads: PublicReads) => Read<T>) =>
  async ({ context: d }: Args) => {
    await load(d, read(d.reads));
    return null;
  };

/** The loaders of the public routes; `context` is the render's (server) or the tab's (browser) cache and reads. */
export const publicLoaders = {
  layout: preload(publicQueries.settings),
  home: preload(publicQueries.indexing),
  board: preload(publicQueries.editors),
  indexing: preload(publicQueries.indexing),
  archives: preload(publicQueries.archives),
  /** Exactly /archives: a real redirect to the newest issue. */
  archivesIndex: async ({ context: d }: Args) => {
    const latest = latestIssue(await load(d, publicQueries.archives(d.reads)));
    if (latest) throw redirect(paths.issue(latest.year, latest.volume, latest.issue));
    return null;
  },
  issue: async ({ params, context: d }: Args) => {
    const year = firstNumber(params.year);
    const volume = firstNumber(params.vol);
    const issue = firstNumber(params.issue);
    if (year === null || volume === null || issue === null) throw notFound('Issue not found');
    const [years, articles] = await Promise.all([
      load(d, publicQueries.archives(d.reads)),
      load(d, publicQueries.issue(d.reads, year, volume, issue)),
    ]);
    const listed = years.some((y) => y.year === year && yearIssues(y).some((it) => it.volume === volume && it.issue === issue));
    if (!listed && articles.length === 0) throw notFound('Issue not found');
    return null;
  },
  article: async ({ params, url, context: d }: Args) => {
    const a = await load(d, publicQueries.article(d.reads, params.ref ?? ''));
    if (!a) throw notFound('Article not found!');
    // docs/product.md#withdrawals: the tombstone page of a withdrawn article is answered 410 Gone.
    if (a.withdrawal?.kind === 'withdrawn') return pageStatus(410);
    const settings = await load(d, publicQueries.settings(d.reads));
    await load(d, publicQueries.articleHead(a, settings, d.origin ?? url.origin));
    return null;
  },
  search: async ({ url, context: d }: Args) => {
    await load(d, publicQueries.search(d.reads, url.searchParams.get('keyword') ?? ''));
    return null;
  },
  /** docs/product.md#submissions: a status link that opens no submission is a 404, like any unknown page. */
  submission: async ({ params, context: d }: Args) => {
    // The read comes with the page's chunk: nothing of it is part of other pages' first load.
    const { submissionQuery } = await import('./pages/submission-page');
    if (!(await load(d, submissionQuery(d.reads, params.token ?? '')))) throw notFound('Not Found');
    return null;
  },
  /** docs/product.md#peer-review: a review link that opens no review is a 404, like any unknown page. */
  review: async ({ params, context: d }: Args) => {
    const { reviewQuery } = await import('./pages/review-page');
    if (!(await load(d, reviewQuery(d.reads, params.token ?? '')))) throw notFound('Not Found');
    return null;
  },
  pdf: async ({ url, context: d }: Args) => {
    const refno = (url.searchParams.get('refno') ?? '').trim();
    const a = refno ? await load(d, publicQueries.article(d.reads, refno)) : null;
    return a?.withdrawal?.kind === 'withdrawn' ? pageStatus(410) : null;
  },
};
