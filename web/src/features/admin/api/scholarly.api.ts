import {
  crossrefCredentialsStatusSchema,
  depositResponseSchema,
  issueDoiStatesSchema,
  type CrossrefCredentialsInput,
  type DepositRequest,
  type DoiSettingsInput,
} from '@journal/contracts';
import { useMemo } from 'react';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

const auth = { auth: true } as const;

export interface MonthCount {
  month: string;
  views: number;
  downloads: number;
}

export interface IssueUsage {
  views: number;
  downloads: number;
  months: MonthCount[];
  articles: { id: string; refnumber: string; title: string; status: string; views: number; downloads: number; months: MonthCount[] }[];
}

/** DOIs, the Crossref deposit and usage counts (admin). */
export const createScholarlyApi = (api: ApiClient) => ({
  updateDoiSettings: (body: DoiSettingsInput) => api.post<DoiSettingsInput>('/api/admin/doi-settings', body, auth),
  crossrefDeposit: (year: number, volume: number, issue: number, refs: string[]) =>
    api.download(`/api/admin/archives/${year}/${volume}/${issue}/crossref`, { ...auth, method: 'POST', body: { refs } }),
  issueUsage: (year: number, volume: number, issue: number) => api.get<IssueUsage>(`/api/admin/stats/${year}/${volume}/${issue}`, auth),
  doajXml: (year: number, volume: number, issue: number) => api.download(`/api/admin/archives/${year}/${volume}/${issue}/doaj.xml`, { ...auth, method: 'GET' }),
  crossrefCredentials: async () => crossrefCredentialsStatusSchema.parse(await api.get('/api/admin/crossref/credentials', auth)),
  setCrossrefCredentials: async (body: CrossrefCredentialsInput) => crossrefCredentialsStatusSchema.parse(await api.put('/api/admin/crossref/credentials', body, auth)),
  deposit: async (body: DepositRequest) => depositResponseSchema.parse(await api.post('/api/admin/crossref/deposits', body, auth)),
  doiStates: async (year: number, volume: number, issue: number) => issueDoiStatesSchema.parse(await api.get(`/api/admin/crossref/deposits/${year}/${volume}/${issue}`, auth)),
});

export const useScholarlyApi = () => {
  const client = useFormApiClient();
  return useMemo(() => createScholarlyApi(client), [client]);
};
