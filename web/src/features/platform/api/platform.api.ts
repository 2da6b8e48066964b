import {
  platformCustomerCreatedSchema,
  platformCustomerListSchema,
  platformCustomerSchema,
  platformLoginResponseSchema,
  type CounterReportId,
  type LoginInput,
  type PlatformSushiCustomerInput,
  type PlatformSushiCustomerUpdate,
} from '@journal/contracts';
import { createApiClient, type ApiClient } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { clearPlatformSession, getPlatformSession, setPlatformSession } from './platform-session';

const auth = { auth: true } as const;

/** docs/product.md#counter-platform: the operators' API, on the platform's host. */
export const createPlatformApi = (api: ApiClient) => ({
  login: async (input: LoginInput) => {
    const r = platformLoginResponseSchema.parse(await api.post('/api/platform/auth/login', input));
    setPlatformSession(r);
  },
  logout: async () => {
    await api.post('/api/platform/auth/logout', undefined, { ...auth, handle401: false }).catch(() => undefined);
    clearPlatformSession();
  },
  customers: async () => platformCustomerListSchema.parse(await api.get('/api/platform/counter/customers', auth)),
  addCustomer: async (body: PlatformSushiCustomerInput) => platformCustomerCreatedSchema.parse(await api.post('/api/platform/counter/customers', body, auth)),
  updateCustomer: async (customerId: string, body: PlatformSushiCustomerUpdate) =>
    platformCustomerSchema.parse(await api.put(`/api/platform/counter/customers/${encodeURIComponent(customerId)}`, body, auth)),
  /** A report of whole months over every journal (or what one customer harvests): TSV, XLSX or the API's JSON. */
  report: (id: CounterReportId, begin: string, end: string, format: 'tsv' | 'xlsx' | 'json', customerId = '') =>
    api.download(
      `/api/platform/counter/reports/${id}?${new URLSearchParams({ begin_date: begin, end_date: end, format, ...(customerId ? { customer_id: customerId } : {}) })}`,
      { ...auth, method: 'GET' },
    ),
});
export type PlatformApi = ReturnType<typeof createPlatformApi>;

/** The screen's client: the operator's token, and an ended session back to the sign-in. */
export const platformApiClient = createApiClient({
  token: () => getPlatformSession()?.token,
  onUnauthorized: () => {
    clearPlatformSession();
    window.location.assign(paths.platform.login);
  },
});

export const platformKeys = { customers: () => ['platform', 'customers'] as const };
