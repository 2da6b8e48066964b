import type {
  ActivityPage, ActivityQuery, AdminArticle, AdminCounts, AdminSearchHit, AdminEditor, AdminIndexingItem, AdminIssue, EditorPinInput, IssueCreateInput,
  PublicSettings, SettingsUpdateInput, SiteImageKind, StaffCreateInput, StaffRole, StaffUserView, WithdrawRequest,
} from '@journal/contracts';
import { useMemo } from 'react';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

/** Bearer token attached; a 401 runs the client's session-ended behaviour. */
const auth = { auth: true } as const;

export interface IssueArticles {
  issue: AdminIssue | null;
  articles: AdminArticle[];
  lastPage: number;
}

export interface AdminUser {
  id: string;
  name: string;
}

/** Every admin call of docs/product.md#api. */
export const createAdminApi = (api: ApiClient) => ({
  counts: () => api.get<AdminCounts>('/api/admin/', auth),
  /**
   * With the versioned URLs of the site images (`asset_urls`), as the public pages get them. Read
   * with the staff token, which passes by the shared caches: a save answers before they are purged,
   * and the form must show what was just saved.
   */
  settings: () => api.get<PublicSettings & { journalId: string; asset_urls?: Record<string, string> }>('/api/settings/', auth),
  updateSettings: (body: SettingsUpdateInput) => api.post<PublicSettings>('/api/settings', body, auth),

  /** Newest first; `limit` and `before` (year/volume/issue of the last one shown) page the list. */
  issues: (page: { limit?: number; before?: string } = {}) => {
    const qs = new URLSearchParams(Object.entries(page).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
    return api.get<AdminIssue[]>(`/api/admin/archives/${qs ? `?${qs}` : ''}`, auth);
  },
  createIssue: (body: IssueCreateInput) => api.post<AdminIssue>('/api/admin/create-issue', body, auth),
  issueArticles: (year: number, volume: number, issue: number) =>
    api.get<IssueArticles>(`/api/admin/archives/${year}/${volume}/${issue}`, auth),

  article: (id: string) => api.get<AdminArticle>(`/api/admin/articles/${encodeURIComponent(id)}`, auth),
  addArticle: (form: FormData) => api.post<AdminArticle>('/api/admin/archives/', form, auth),
  updateArticle: (id: string, form: FormData) => api.post<AdminArticle>(`/api/archives/${encodeURIComponent(id)}`, form, auth),
  withdrawArticle: (id: string, body: WithdrawRequest) => api.post<AdminArticle>(`/api/admin/articles/${encodeURIComponent(id)}/withdraw`, body, auth),
  restoreArticle: (id: string) => api.post<AdminArticle>(`/api/admin/articles/${encodeURIComponent(id)}/restore`, {}, auth),
  search: (q: string) => api.get<AdminSearchHit[]>(`/api/admin/search?q=${encodeURIComponent(q)}`, auth),

  editors: () => api.get<AdminEditor[]>('/api/admin/editors', auth),
  editor: (id: string) => api.get<AdminEditor>(`/api/admin/editors/${encodeURIComponent(id)}`, auth),
  addEditor: (form: FormData) => api.post<AdminEditor>('/api/editors', form, auth),
  updateEditor: (id: string, form: FormData) => api.post<AdminEditor>(`/api/editors/${encodeURIComponent(id)}`, form, auth),
  pinEditors: (body: EditorPinInput) => api.post<{ updated: number }>('/api/editors/pin', body, auth),

  uploadSiteImage: (kind: SiteImageKind, form: FormData) =>
    api.post<{ kind: SiteImageKind; url: string; contentType: string; size: number }>(`/api/settings/images/${kind}`, form, auth),

  /** docs/product.md#activity-log: managers only (403 otherwise). */
  activity: (query: ActivityQuery) => {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
    const qs = params.toString();
    return api.get<ActivityPage>(`/api/activity${qs ? `?${qs}` : ''}`, auth);
  },

  indexing: () => api.get<AdminIndexingItem[]>('/api/admin/indexing', auth),
  addIndexing: (form: FormData) => api.post<AdminIndexingItem>('/api/admin/indexing', form, auth),
  updateIndexing: (id: string, form: FormData) => api.post<AdminIndexingItem>(`/api/admin/indexing/${encodeURIComponent(id)}`, form, auth),
  removeIndexing: (id: string) => api.delete<{ removed: true }>(`/api/admin/indexing/${encodeURIComponent(id)}`, auth),
  reorderIndexing: (ids: string[]) => api.post<AdminIndexingItem[]>('/api/admin/indexing/reorder', { ids }, auth),

  staff: () => api.get<StaffUserView[]>('/api/users', auth),
  addStaff: (body: StaffCreateInput) => api.post<StaffUserView>('/api/users', body, auth),
  setStaffStatus: (id: string, status: 'enabled' | 'disabled') =>
    api.post<StaffUserView>(`/api/users/${encodeURIComponent(id)}/status`, { status }, auth),
  setStaffRole: (id: string, role: StaffRole) => api.post<StaffUserView>(`/api/users/${encodeURIComponent(id)}/role`, { role }, auth),
  resetStaffPassword: (id: string, password: string) =>
    api.post<StaffUserView>(`/api/users/${encodeURIComponent(id)}/password`, { password }, auth),

  user: (id: string) => api.get<AdminUser>(`/api/users/${encodeURIComponent(id)}`, auth),
  updateUser: (id: string, body: { name: string; password?: string; currentPassword?: string }) =>
    api.post<{ user: AdminUser; token?: string }>(`/api/users/${encodeURIComponent(id)}`, body, auth),
});
export type AdminApi = ReturnType<typeof createAdminApi>;

export const useAdminApi = (): AdminApi => {
  const client = useFormApiClient();
  return useMemo(() => createAdminApi(client), [client]);
};
