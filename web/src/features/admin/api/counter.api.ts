import { useMemo } from 'react';
import { sushiCustomerCreatedSchema, sushiCustomerListSchema, type CounterReportId, type SushiCustomerInput } from '@journal/contracts';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

const auth = { auth: true } as const;

/** docs/product.md#counter: the journal's COUNTER reports and the SUSHI customers who harvest them. */
export const createCounterApi = (api: ApiClient) => ({
  customers: async () => sushiCustomerListSchema.parse(await api.get('/api/admin/counter/customers', auth)),
  addCustomer: async (body: SushiCustomerInput) => sushiCustomerCreatedSchema.parse(await api.post('/api/admin/counter/customers', body, auth)),
  removeCustomer: (id: string) => api.delete<void>(`/api/admin/counter/customers/${encodeURIComponent(id)}`, auth),
  /** A report of whole months (yyyy-mm), as the Code of Practice's TSV or XLSX, or the API's JSON. */
  report: (id: CounterReportId, begin: string, end: string, format: 'tsv' | 'xlsx' | 'json') =>
    api.download(`/api/admin/counter/reports/${id}?${new URLSearchParams({ begin_date: begin, end_date: end, ...(format === 'json' ? {} : { format }) })}`, { ...auth, method: 'GET' }),
});

export const useCounterApi = () => {
  const client = useFormApiClient();
  return useMemo(() => createCounterApi(client), [client]);
};
