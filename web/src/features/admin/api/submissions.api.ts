import { useMemo } from 'react';
import {
  submissionDetailSchema,
  submissionListSchema,
  submissionSettingsSchema,
  type SubmissionListQuery,
  type SubmissionSettings,
  type SubmissionPublish,
  type SubmissionState,
} from '@journal/contracts';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

const auth = { auth: true } as const;
const base = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}`;

/** docs/product.md#submissions: the staff's calls; answers parsed with the contracts' schemas. */
export const createSubmissionsApi = (api: ApiClient) => ({
  list: async (q: SubmissionListQuery) => {
    const params = new URLSearchParams({ page: String(q.page), ...(q.status ? { status: q.status } : {}), ...(q.q ? { q: q.q } : {}) });
    return submissionListSchema.parse(await api.get(`/api/admin/submissions?${params}`, auth));
  },
  detail: async (id: string) => submissionDetailSchema.parse(await api.get(base(id), auth)),
  decide: async (id: string, to: SubmissionState, message: string) => submissionDetailSchema.parse(await api.post(`${base(id)}/decision`, { to, message }, auth)),
  payment: async (id: string, action: 'confirm' | 'waive', message: string) =>
    submissionDetailSchema.parse(await api.post(`${base(id)}/payment`, { action, message }, auth)),
  /** With the final PDF when one is chosen (multipart), else the newest PDF version is published. */
  publish: async (id: string, fields: SubmissionPublish, pdf?: File) => {
    if (!pdf) return submissionDetailSchema.parse(await api.post(`${base(id)}/publish`, fields, auth));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('pdfFile', pdf);
    return submissionDetailSchema.parse(await api.post(`${base(id)}/publish`, form, auth));
  },
  file: (id: string, fileId: string) => api.download(`${base(id)}/files/${encodeURIComponent(fileId)}`, auth),
  settings: async () => submissionSettingsSchema.parse(await api.get('/api/admin/submission-settings', auth)),
  updateSettings: async (body: SubmissionSettings) => submissionSettingsSchema.parse(await api.put('/api/admin/submission-settings', body, auth)),
});
export type SubmissionsApi = ReturnType<typeof createSubmissionsApi>;

export const useSubmissionsApi = () => {
  const client = useFormApiClient();
  return useMemo(() => createSubmissionsApi(client), [client]);
};
