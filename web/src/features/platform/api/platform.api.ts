import {
  activityEntrySchema,
  platformCustomerCreatedSchema,
  platformCustomerListSchema,
  platformCustomerSchema,
  platformLoginResponseSchema,
  platformPaths,
  type CounterReportId,
  type LoginInput,
  type PlatformSushiCustomerInput,
  type PlatformSushiCustomerUpdate,
  type ReauthResponse,
} from '@journal/contracts';
import { z } from 'zod';
import { createApiClient, type ApiClient } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { clearPlatformSession, getPlatformSession, setPlatformSession } from './platform-session';

const auth = { auth: true } as const;
const customerPath = (customerId: string) => platformPaths.customer.replace(':id', encodeURIComponent(customerId));

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
  /** The operator's password again, before a change of the customers (docs/security.md#recent-authentication). */
  reauth: (password: string) => api.post<ReauthResponse>(platformPaths.reauth, { password }, auth),
  customers: async () => platformCustomerListSchema.parse(await api.get(platformPaths.customers, auth)),
  /** The platform's recent changes of its customers, newest first. */
  customerChanges: async () => z.array(activityEntrySchema).parse(await api.get(platformPaths.activity, auth)),
  removeCustomer: (customerId: string) => api.delete<void>(customerPath(customerId), auth),
  addCustomer: async (body: PlatformSushiCustomerInput) => platformCustomerCreatedSchema.parse(await api.post('/api/platform/counter/customers', body, auth)),
  updateCustomer: async (customerId: string, body: PlatformSushiCustomerUpdate) =>
    platformCustomerSchema.parse(await api.put(customerPath(customerId), body, auth)),
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

export const platformKeys = { customers: () => ['platform', 'customers'] as const, customerChanges: () => ['platform', 'customer-changes'] as const };
