import { useMemo } from 'react';
import type { NewWorkStatus, WorkEntry, WorkEntryPage } from '@journal/contracts';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';
import type { ListParams } from './keys';

export type { ListParams };

/** The work-log calls (docs/product.md#worklog), all with the bearer token. */
export const worklogApi = (client: ApiClient) => ({
  /** One page of the list, filtered and searched on the server (GET /api/webdata with parameters). */
  list: (p: ListParams, signal?: AbortSignal) => {
    const q = new URLSearchParams({ status: p.status, page: String(p.page) });
    if (p.search) q.set('search', p.search);
    return client.get<WorkEntryPage>(`/api/webdata?${q}`, { auth: true, signal });
  },
  updateStatus: (id: string, status: WorkEntry['status']) =>
    client.put<WorkEntry>(`/api/webdata/${encodeURIComponent(id)}`, { status }, { auth: true }),
  /** The server takes the creator from the token and the time from its clock. */
  create: (input: { status: NewWorkStatus | ''; content: string }) => client.post<WorkEntry>('/api/webdata', input, { auth: true }),
});

export const useWorklogApi = () => {
  const client = useFormApiClient();
  return useMemo(() => worklogApi(client), [client]);
};
