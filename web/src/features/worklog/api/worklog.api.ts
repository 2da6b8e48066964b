import type { NewWorkStatus, WorkEntry, WorkEntryPage, WorkStatus } from '@journal/contracts';
import { api } from '@/lib/api-client';

export interface ListParams {
  status: 'all' | WorkStatus;
  search: string;
  page: number;
}

/** One page of the list, filtered and searched on the server (GET /api/webdata with parameters). */
export function listEntries(p: ListParams, signal?: AbortSignal) {
  const q = new URLSearchParams({ status: p.status, page: String(p.page) });
  if (p.search) q.set('search', p.search);
  return api.get<WorkEntryPage>(`/api/webdata?${q}`, { auth: true, signal });
}

export const updateEntryStatus = (id: string, status: WorkStatus) =>
  api.put<WorkEntry>(`/api/webdata/${encodeURIComponent(id)}`, { status }, { auth: true });

/** The server takes the creator from the token and the time from its clock. */
export const createEntry = (input: { status: NewWorkStatus | ''; content: string }) =>
  api.post<WorkEntry>('/api/webdata', input, { auth: true });

export const worklogKeys = {
  all: ['worklog'] as const,
  list: (p: ListParams) => ['worklog', 'list', p.status, p.search, p.page] as const,
};
