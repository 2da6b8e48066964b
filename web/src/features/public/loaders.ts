import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { publicQueries, type PublicReads, type YearSummary } from './api/public.api';
import { firstNumber } from './lib/citation';

/** What the route loaders read with: one query cache per page render (server) or per tab (browser). */
export interface LoaderDeps {
  queryClient: QueryClient;
  reads: PublicReads;
}

const notFound = (statusText: string) => data(null, { status: 404, statusText });
const unavailable = () => data(null, { status: 503, statusText: 'Service Unavailable' });

/** Reads through the query cache; a failing content service becomes a 503 page. */
async function load<T>(d: LoaderDeps, q: { queryKey: readonly unknown[]; queryFn: () => Promise<T>; staleTime?: number }): Promise<T> {
  try {
    return await d.queryClient.ensureQueryData({ ...q, revalidateIfStale: true });
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) throw data(null, { status: e.status, statusText: e.message });
    throw unavailable();
  }
}

/** A year's issues in reading order (issue 1 first), from the detailed list or the count. */
export function yearIssues(y: YearSummary): { volume: number; issue: number; month?: string }[] {
  if (y.issues?.length) {
    return [...y.issues]
      .map((it) => ({ volume: Number(it.volume), issue: Number(it.issue), month: it.month || y.issue_month?.[String(it.issue)] }))
      .sort((a, b) => a.volume - b.volume || a.issue - b.issue);
  }
  return Array.from({ length: Math.max(0, y.total_issues) }, (_, i) => ({ volume: y.volume, issue: i + 1, month: y.issue_month?.[String(i + 1)] }));
}

/** The newest issue of the archive, or null when nothing is published. */
export function latestIssue(years: YearSummary[]) {
  const year = years.find((y) => y.total_issues > 0 || y.issues?.length);
  const latest = year ? yearIssues(year).at(-1) : undefined;
  return year && latest ? { year: year.year, ...latest } : null;
}

export function publicLoaders(d: LoaderDeps) {
  return {
    layout: async () => {
      await load(d, publicQueries.settings(d.reads));
      return null;
    },
    home: async () => {
      await load(d, publicQueries.indexing(d.reads));
      return null;
    },
    board: async () => {
      await load(d, publicQueries.editors(d.reads));
      return null;
    },
    indexing: async () => {
      await load(d, publicQueries.indexing(d.reads));
      return null;
    },
    archives: async () => {
      await load(d, publicQueries.archives(d.reads));
      return null;
    },
    /** Exactly /archives: a real redirect to the newest issue. */
    archivesIndex: async () => {
      const latest = latestIssue(await load(d, publicQueries.archives(d.reads)));
      if (latest) throw redirect(paths.issue(latest.year, latest.volume, latest.issue));
      return null;
    },
    issue: async ({ params }: LoaderFunctionArgs) => {
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
    article: async ({ params }: LoaderFunctionArgs) => {
      const a = await load(d, publicQueries.article(d.reads, params.ref ?? ''));
      if (!a) throw notFound('Article not found!');
      return null;
    },
    search: async ({ request }: LoaderFunctionArgs) => {
      await load(d, publicQueries.search(d.reads, new URL(request.url).searchParams.get('keyword') ?? ''));
      return null;
    },
    pdf: async ({ request }: LoaderFunctionArgs) => {
      const refno = (new URL(request.url).searchParams.get('refno') ?? '').trim();
      if (refno) await load(d, publicQueries.article(d.reads, refno));
      return null;
    },
  };
}
