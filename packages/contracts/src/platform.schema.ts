import { z } from 'zod';
import { counterReportIds, sushiCustomerSchema, type CounterReportId } from './counter.schema.js';

/** The platform-wide role: the deployment's operators, made only with `jp operator create`. */
export const PLATFORM_ROLE = 'operator' as const;
export type PlatformRole = typeof PLATFORM_ROLE;

/** The one path prefix of the platform's API; the gateway routes it on the platform's host alone. */
export const PLATFORM_API_PREFIX = '/api/platform/';

export const platformPaths = {
  login: '/api/platform/auth/login',
  session: '/api/platform/auth/session',
  logout: '/api/platform/auth/logout',
  /** The operator's password again, before a change of the platform's customers (docs/security.md#recent-authentication). */
  reauth: '/api/platform/auth/reauth',
  report: '/api/platform/counter/reports/:id',
  customers: '/api/platform/counter/customers',
  customer: '/api/platform/counter/customers/:id',
  /** The platform's recent changes of its customers, from its own activity log. */
  activity: '/api/platform/counter/activity',
} as const;

/** A report id as a path names it (any case). */
export const counterReportParamSchema = z.object({
  id: z
    .string()
    .max(20)
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(counterReportIds as [CounterReportId, ...CounterReportId[]], { error: 'No such report' })),
});

/**
 * A report's download: the form, and the platform customer whose view it is (none: every
 * reader's usage of every journal). The report's own filters (begin_date, end_date, metric types,
 * attributes) are read by the report request, which answers COUNTER's exceptions.
 */
export const platformReportQuerySchema = z.looseObject({
  format: z.enum(['json', 'tsv', 'xlsx']).default('json'),
  customer_id: z.string().trim().max(100).optional(),
});

/** A platform customer as the operator's screen shows it: its journals by slug (`*`: every one). */
export const platformCustomerSchema = sushiCustomerSchema.extend({ journals: z.array(z.string()), allUsage: z.boolean() });
export type PlatformCustomer = z.infer<typeof platformCustomerSchema>;
export const platformCustomerListSchema = z.array(platformCustomerSchema);
export const platformCustomerCreatedSchema = z.object({ customer: platformCustomerSchema, apiKey: z.string().min(20) });

/** The signed-in operator, as the session route answers. */
export const platformSessionSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), role: z.literal(PLATFORM_ROLE) }),
  expiresAt: z.string(),
});
export type PlatformSession = z.infer<typeof platformSessionSchema>;
export const platformLoginResponseSchema = platformSessionSchema.extend({ token: z.string() });
export type PlatformLoginResponse = z.infer<typeof platformLoginResponseSchema>;
