import { useMemo } from 'react';
import { sushiCustomerCreatedSchema, sushiCustomerListSchema, sushiCustomerSchema, type CounterReportId, type SushiCustomerInput, type SushiCustomerUpdate } from '@journal/contracts';
import { useFormApiClient, type ApiClient } from '@/lib/api-client';

const auth = { auth: true } as const;

/** docs/product.md#counter: the journal's COUNTER reports and the SUSHI customers who harvest them. */
export const createCounterApi = (api: ApiClient) => ({
  customers: async () => sushiCustomerListSchema.parse(await api.get('/api/admin/counter/customers', auth)),
  addCustomer: async (body: SushiCustomerInput) => sushiCustomerCreatedSchema.parse(await api.post('/api/admin/counter/customers', body, auth)),
  updateCustomer: async (id: string, body: SushiCustomerUpdate) =>
    sushiCustomerSchema.parse(await api.put(`/api/admin/counter/customers/${encodeURIComponent(id)}`, body, auth)),
  removeCustomer: (id: string) => api.delete<void>(`/api/admin/counter/customers/${encodeURIComponent(id)}`, auth),
  /**
   * A report of whole months (yyyy-mm), as the Code of Practice's TSV or XLSX, or the API's JSON:
   * the world's, or the one a customer (by its customer ID) harvests.
   */
  report: (id: CounterReportId, begin: string, end: string, format: 'tsv' | 'xlsx' | 'json', customerId = '') =>
    api.download(
      `/api/admin/counter/reports/${id}?${new URLSearchParams({ begin_date: begin, end_date: end, ...(format === 'json' ? {} : { format }), ...(customerId ? { customer_id: customerId } : {}) })}`,
      { ...auth, method: 'GET' },
    ),
});

export const useCounterApi = () => {
  const client = useFormApiClient();
  return useMemo(() => createCounterApi(client), [client]);
};
