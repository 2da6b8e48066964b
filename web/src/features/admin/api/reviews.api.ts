import { useMemo } from 'react';
import {
  reviewerDetailSchema,
  reviewerImportSchema,
  reviewerListSchema,
  reviewerSchema,
  reviewerSuggestionsSchema,
  reviewSettingsSchema,
  submissionReviewsSchema,
  type ReviewDecision,
  type ReviewSettings,
} from '@journal/contracts';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

const auth = { auth: true } as const;
const reviewerPath = (id: string) => `/api/admin/reviewers/${encodeURIComponent(id)}`;
const reviewsPath = (submissionId: string) => `/api/admin/submissions/${encodeURIComponent(submissionId)}`;
const reviewPath = (submissionId: string, reviewId: string) => `${reviewsPath(submissionId)}/reviews/${encodeURIComponent(reviewId)}`;

/** A page of the reviewers list, as the filters ask for it. */
export interface ReviewerQuery {
  q: string;
  subject: string;
  available: '' | 'true' | 'false';
  page: number;
}

/** What the reviewer form sends: subjects as the one comma-separated field. */
export interface ReviewerFields {
  name: string;
  email: string;
  affiliation: string;
  ror: string;
  orcid: string;
  subjects: string;
  available: boolean;
  notes: string;
}

/** docs/product.md#peer-review: the staff's calls; every answer parsed with the contracts' schemas. */
export const createReviewsApi = (api: ApiClient) => ({
  reviewers: async (q: ReviewerQuery) => {
    const params = new URLSearchParams({ page: String(q.page) });
    for (const k of ['q', 'subject', 'available'] as const) if (q[k]) params.set(k, q[k]);
    return reviewerListSchema.parse(await api.get(`/api/admin/reviewers?${params}`, auth));
  },
  reviewer: async (id: string) => reviewerDetailSchema.parse(await api.get(reviewerPath(id), auth)),
  createReviewer: async (f: ReviewerFields) => reviewerSchema.parse(await api.post('/api/admin/reviewers', f, auth)),
  updateReviewer: async (id: string, f: Partial<ReviewerFields>) => reviewerSchema.parse(await api.put(reviewerPath(id), f, auth)),
  removeReviewer: (id: string) => api.delete<{ ok: true }>(reviewerPath(id), auth),
  importBoard: async () => reviewerImportSchema.parse(await api.post('/api/admin/reviewers/import-board', {}, auth)),

  reviews: async (submissionId: string) => submissionReviewsSchema.parse(await api.get(`${reviewsPath(submissionId)}/reviews`, auth)),
  suggestions: async (submissionId: string) => reviewerSuggestionsSchema.parse(await api.get(`${reviewsPath(submissionId)}/reviewer-suggestions`, auth)),
  invite: async (submissionId: string, body: { reviewerIds: string[]; dueDate: string; message: string }) =>
    submissionReviewsSchema.parse(await api.post(`${reviewsPath(submissionId)}/reviews`, body, auth)),
  markManuscript: async (submissionId: string, fileId: string) =>
    submissionReviewsSchema.parse(await api.post(`${reviewsPath(submissionId)}/review-manuscript`, { fileId }, auth)),
  /** An anonymised copy for double-blind review (multipart `manuscript`, checked by content like a manuscript). */
  uploadManuscript: async (submissionId: string, file: File) => {
    const form = new FormData();
    form.append('manuscript', file);
    return submissionReviewsSchema.parse(await api.post(`${reviewsPath(submissionId)}/review-manuscript`, form, auth));
  },
  cancel: async (submissionId: string, reviewId: string, reason: string) =>
    submissionReviewsSchema.parse(await api.post(`${reviewPath(submissionId, reviewId)}/cancel`, { reason }, auth)),
  reassign: async (submissionId: string, reviewId: string, body: { reviewerId: string; dueDate: string; message: string }) =>
    submissionReviewsSchema.parse(await api.post(`${reviewPath(submissionId, reviewId)}/reassign`, body, auth)),
  setDue: async (submissionId: string, reviewId: string, dueDate: string) =>
    submissionReviewsSchema.parse(await api.post(`${reviewPath(submissionId, reviewId)}/due`, { dueDate }, auth)),
  /** docs/product.md#peer-review: a staff user recorded (or no longer) as in conflict with the submission. */
  setConflict: async (submissionId: string, body: { userId: string; name: string; remove: boolean }) =>
    submissionReviewsSchema.parse(await api.post(`${reviewsPath(submissionId)}/review-conflicts`, body, auth)),
  annotated: (submissionId: string, reviewId: string) => api.download(`${reviewPath(submissionId, reviewId)}/file`, auth),
  decide: async (submissionId: string, body: { decision: ReviewDecision; message: string; includeReviews: string[] }) =>
    submissionReviewsSchema.parse(await api.post(`${reviewsPath(submissionId)}/review-decision`, body, auth)),
  settings: async () => reviewSettingsSchema.parse(await api.get('/api/admin/review-settings', auth)),
  updateSettings: async (body: Partial<ReviewSettings>) => reviewSettingsSchema.parse(await api.put('/api/admin/review-settings', body, auth)),
});
export type ReviewsApi = ReturnType<typeof createReviewsApi>;

export const useReviewsApi = () => {
  const client = useFormApiClient();
  return useMemo(() => createReviewsApi(client), [client]);
};
