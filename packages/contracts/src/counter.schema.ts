import { z } from 'zod';
import { ipRange, ipRangesOverlap, MAX_IP_RANGES, type IpRange } from './ip-range.js';

/**
 * COUNTER Release 5.1 reports served through the COUNTER_SUSHI API (docs/product.md#counter):
 * the reports a journal platform's usage fills, and the SUSHI customers (institutions) a manager
 * configures.
 */
export const COUNTER_REPORTS = {
  pr: 'Platform Report',
  pr_p1: 'Platform Usage',
  tr: 'Title Report',
  tr_j1: 'Journal Requests (Controlled)',
  tr_j3: 'Journal Usage by Access Type',
  tr_j4: 'Journal Requests by YOP (Controlled)',
  ir: 'Item Report',
  ir_a1: 'Journal Article Requests',
} as const;
export type CounterReportId = keyof typeof COUNTER_REPORTS;

/** What each report holds, as the report list of the API describes it. */
export const COUNTER_REPORT_DESCRIPTIONS: Record<CounterReportId, string> = {
  pr: 'Usage of the platform by month: investigations and requests of its articles.',
  pr_p1: 'Requests of the platform\'s articles by month (a Standard View of PR).',
  tr: 'Usage of each journal by month, by year of publication, access type and access method.',
  tr_j1: 'Requests of controlled (not open) articles of each journal; empty on a platform whose articles are all free to read.',
  tr_j3: 'Usage of each journal by access type (Open, Free_To_Read).',
  tr_j4: 'Requests of controlled articles of each journal by year of publication; empty on a platform whose articles are all free to read.',
  ir: 'Usage of each article by month, with its journal on request.',
  ir_a1: 'Requests of each journal article by month, under its journal.',
};
export const counterReportIds = Object.keys(COUNTER_REPORTS) as CounterReportId[];

/** Ranges as the admin types them, one a line: each an address, CIDR block or first-last range, none overlapping another. */
export const ipRangesSchema = z
  .array(z.string().trim().max(100))
  .max(MAX_IP_RANGES, `At most ${MAX_IP_RANGES} IP ranges`)
  .transform((l) => l.filter(Boolean))
  .superRefine((list, ctx) => {
    const read: IpRange[] = [];
    for (const r of list) {
      const range = ipRange(r);
      if (!range) return void ctx.addIssue({ code: 'custom', message: `IP range not understood: ${r} (an address, a CIDR block such as 192.0.2.0/24, or first-last)` });
      const clash = read.findIndex((x) => ipRangesOverlap(x, range));
      if (clash >= 0) return void ctx.addIssue({ code: 'custom', message: `IP ranges ${list[clash]} and ${r} overlap` });
      read.push(range);
    }
  });

/** The SUSHI credentials of one institution: what a harvester sends as customer_id, requestor_id and api_key. */
export const sushiCustomerInputSchema = z.object({
  name: z.string().trim().min(2, 'Institution name must be at least 2 characters').max(200),
  customerId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'Customer ID: 1 to 64 letters, digits, dots, colons, dashes or underscores'),
  requestorId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{0,64}$/, 'Requestor ID: up to 64 letters, digits, dots, colons, dashes or underscores')
    .default(''),
  notes: z.string().trim().max(500).default(''),
  /**
   * The institution's IP ranges: usage from them is attributed to it and reported to it (its own
   * usage); none, and it is reported the whole world's (docs/product.md#counter).
   */
  ipRanges: ipRangesSchema.default([]),
});
export type SushiCustomerInput = z.infer<typeof sushiCustomerInputSchema>;
/** What a manager may change of a customer: everything but its customer ID (the key is made again by adding it anew). */
export const sushiCustomerUpdateSchema = sushiCustomerInputSchema.omit({ customerId: true });
export type SushiCustomerUpdate = z.infer<typeof sushiCustomerUpdateSchema>;

/** A customer as the admin lists it: the API key is shown once, when it is made. */
export const sushiCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  customerId: z.string(),
  requestorId: z.string(),
  notes: z.string(),
  ipRanges: z.array(z.string()).default([]),
  createdAt: z.string(),
});
export type SushiCustomer = z.infer<typeof sushiCustomerSchema>;
export const sushiCustomerListSchema = z.array(sushiCustomerSchema);
/** The answer to adding a customer: the key, this once. */
export const sushiCustomerCreatedSchema = z.object({ customer: sushiCustomerSchema, apiKey: z.string().min(20) });

/**
 * A customer of the platform-wide COUNTER_SUSHI API (docs/product.md#counter-platform), set by the
 * deployment's operator: the same credentials, and the journals whose usage it may harvest
 * (`*` for every journal of the deployment, or their slugs). An institution names its IP ranges
 * and is reported the usage from them in those journals; a consortium or monitor that is to get
 * every reader's usage says so (`allUsage`), never by leaving the ranges out.
 */
const platformCustomerFields = sushiCustomerInputSchema.extend({
  journals: z
    .array(z.string().trim().regex(/^(\*|[A-Za-z0-9._-]{1,100})$/, 'Journals: * (every journal) or journal slugs'))
    .min(1, 'Name the journals the customer may harvest: * for every journal, or their slugs')
    .max(1000)
    .refine((l) => !l.includes('*') || l.length === 1, '* stands alone: every journal'),
  allUsage: z.boolean().default(false),
});
/** An institution has IP ranges, an all-usage customer none: one or the other, said. */
export const platformCustomerUsageError = (c: { ipRanges: string[]; allUsage: boolean }): string | null =>
  c.allUsage && c.ipRanges.length
    ? 'A customer reported all usage has no IP ranges'
    : !c.allUsage && !c.ipRanges.length
      ? 'Give the institution\'s IP ranges, or report it all usage of its journals'
      : null;
export const platformSushiCustomerInputSchema = platformCustomerFields.superRefine((c, ctx) => {
  const error = platformCustomerUsageError(c);
  if (error) ctx.addIssue({ code: 'custom', path: ['ipRanges'], message: error });
});
export type PlatformSushiCustomerInput = z.infer<typeof platformSushiCustomerInputSchema>;
/**
 * What changes (the customer ID never), without the defaults: a field left out keeps its value
 * (an optional field with a default would be filled with it). The service checks the result whole.
 */
const f = platformCustomerFields.shape;
export const platformSushiCustomerUpdateSchema = z
  .object({ name: f.name, requestorId: f.requestorId.unwrap(), notes: f.notes.unwrap(), ipRanges: f.ipRanges.unwrap(), journals: f.journals, allUsage: f.allUsage.unwrap() })
  .partial();
export type PlatformSushiCustomerUpdate = z.infer<typeof platformSushiCustomerUpdateSchema>;
