import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ActivityQuery, SubmissionListQuery } from '@journal/contracts';
import type { ReviewerQuery } from './reviews.api';

/** Every admin query key. */
export const adminKeys = {
  all: ['admin'] as const,
  counts: () => [...adminKeys.all, 'counts'] as const,
  /** The journal's settings as the admin forms read them. */
  settings: () => [...adminKeys.all, 'settings'] as const,
  issues: () => [...adminKeys.all, 'issues'] as const,
  issue: (year: number, volume: number, issue: number) => [...adminKeys.all, 'issue', year, volume, issue] as const,
  usage: (year: number, volume: number, issue: number) => [...adminKeys.all, 'usage', year, volume, issue] as const,
  /** Each article's DOI state at Crossref. */
  doiStates: (year: number, volume: number, issue: number) => [...adminKeys.all, 'doi-states', year, volume, issue] as const,
  crossrefCredentials: () => [...adminKeys.all, 'crossref-credentials'] as const,
  /** The institutions that harvest COUNTER reports over SUSHI. */
  sushiCustomers: () => [...adminKeys.all, 'sushi-customers'] as const,
  /** The journal's sender and email templates. */
  mailSettings: () => [...adminKeys.all, 'mail-settings'] as const,
  /** docs/product.md#submissions: a page of the list, and one submission. */
  submissions: (query: SubmissionListQuery) => [...adminKeys.all, 'submissions', query] as const,
  submission: (id: string) => [...adminKeys.all, 'submission', id] as const,
  /** The emails of one submission. */
  submissionEmails: (id: string) => [...adminKeys.all, 'submission-emails', id] as const,
  /** docs/product.md#peer-review: a page of the reviewers, one reviewer, a submission's reviews and suggested reviewers. */
  reviewers: (query: ReviewerQuery) => [...adminKeys.all, 'reviewers', query] as const,
  reviewer: (id: string) => [...adminKeys.all, 'reviewer', id] as const,
  submissionReviews: (id: string) => [...adminKeys.all, 'submission-reviews', id] as const,
  reviewerSuggestions: (id: string) => [...adminKeys.all, 'reviewer-suggestions', id] as const,
  reviewSettings: () => [...adminKeys.all, 'review-settings'] as const,
  /** docs/product.md#submission-worklog: the submission events the work-log gets. */
  submissionSettings: () => [...adminKeys.all, 'submission-settings'] as const,
  article: (id: string) => [...adminKeys.all, 'article', id] as const,
  search: (text: string) => [...adminKeys.all, 'search', text] as const,
  editors: () => [...adminKeys.all, 'editors'] as const,
  editor: (id: string | undefined) => [...adminKeys.all, 'editor', id] as const,
  indexing: () => [...adminKeys.all, 'indexing'] as const,
  staff: () => [...adminKeys.all, 'staff'] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  activity: (query: ActivityQuery) => [...adminKeys.all, 'activity', query] as const,
};

/**
 * What a save makes stale in the admin. The public site is a separate app that every visit from
 * the admin loads afresh (and nginx's short cache is skipped for a browser that just saved), so a
 * save reaches the public pages without touching their cache.
 */
export const staleAfterSaving = {
  settings: (): QueryKey[] => [adminKeys.settings()],
  /** Site images keep their URLs; the forms that show them re-read the settings. */
  images: (): QueryKey[] => [adminKeys.settings()],
  doiSettings: (): QueryKey[] => [adminKeys.settings()],
  crossrefCredentials: (): QueryKey[] => [adminKeys.crossrefCredentials()],
  mailSettings: (): QueryKey[] => [adminKeys.mailSettings()],
  /** A deposit gives DOIs to the issue's articles and changes their states. */
  deposit: (year: number, volume: number, issue: number): QueryKey[] => [adminKeys.issue(year, volume, issue), adminKeys.doiStates(year, volume, issue)],
  issue: (): QueryKey[] => [adminKeys.all],
  article: (): QueryKey[] => [adminKeys.all],
  /** A Crossref export gives DOIs to the issue's articles. */
  dois: (year: number, volume: number, issue: number): QueryKey[] => [adminKeys.issue(year, volume, issue)],
  editor: (): QueryKey[] => [adminKeys.all],
  indexing: (): QueryKey[] => [adminKeys.indexing()],
  /** The admin list is set from the reorder's answer. */
  indexingOrder: (): QueryKey[] => [],
  staff: (): QueryKey[] => [adminKeys.staff()],
  /** A decision changes the submission, the list's pages and its emails; publishing adds an article too. */
  submission: (id: string): QueryKey[] => [adminKeys.submission(id), [...adminKeys.all, 'submissions'], adminKeys.submissionEmails(id)],
  published: (): QueryKey[] => [adminKeys.all],
  /** The review settings show on every submission's peer review (double-blind, the proposed due date). */
  reviewSettings: (): QueryKey[] => [adminKeys.reviewSettings(), [...adminKeys.all, 'submission-reviews']],
  submissionSettings: (): QueryKey[] => [adminKeys.submissionSettings()],
  /** A reviewer's entry shows on the lists, in suggestions and on the submissions they review. */
  reviewer: (): QueryKey[] => [[...adminKeys.all, 'reviewers'], [...adminKeys.all, 'reviewer'], [...adminKeys.all, 'reviewer-suggestions']],
  /** An invitation, a cancel or a decision changes the reviews, the submission (its state, history, emails) and the reviewers' loads. */
  reviews: (id: string): QueryKey[] => [adminKeys.submissionReviews(id), adminKeys.reviewerSuggestions(id), ...staleAfterSaving.submission(id), [...adminKeys.all, 'reviewers'], [...adminKeys.all, 'reviewer']],
};

/** Invalidates the queries a save made stale; resolves once the active ones have refetched. */
export const invalidateAfterSave = (qc: QueryClient, keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined);
