import { z } from 'zod';

/** docs/product.md#issue-rules: the months as the add-issue list spells them. */
export const FULL_MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** docs/product.md#issue-rules: the abbreviations of the article edit list ('Sept', not 'Sep'). */
export const ABBREVIATED_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

export const JOURNAL_FREQUENCIES = ['monthly', 'bi-monthly', 'quarterly', 'triannual', 'half-yearly', 'yearly'] as const;
export type JournalFrequency = (typeof JOURNAL_FREQUENCIES)[number];

/** Months per period for each publication frequency (docs/product.md#issue-rules). */
const MONTHS_PER_PERIOD: Record<JournalFrequency, number> = {
  monthly: 1,
  'bi-monthly': 2,
  quarterly: 3,
  triannual: 4,
  'half-yearly': 6,
  yearly: 12,
};

/**
 * Reads a journal's stored frequency ('Monthly', 'Bi-Monthly', 'Half Yearly', 'Tri-annual',
 * 'Annual', ...) loosely; an unknown value falls back to monthly, the finest list.
 */
export function normalizeFrequency(value: string | undefined | null): JournalFrequency {
  const v = String(value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (v.startsWith('bimonth')) return 'bi-monthly';
  if (v.startsWith('month')) return 'monthly';
  if (v.startsWith('quarter')) return 'quarterly';
  if (v.startsWith('tri') || v.includes('fourmonth')) return 'triannual';
  if (v.startsWith('half') || v.startsWith('biannual') || v.startsWith('semiannual')) return 'half-yearly';
  if (v.startsWith('year') || v.startsWith('annual')) return 'yearly';
  return 'monthly';
}

/**
 * The period list of a frequency: monthly gives 12 months, bi-monthly 6 pairs
 * ('January-February'), quarterly 4, triannual 3, half-yearly 2, yearly one ('January-December').
 */
export function frequencyPeriods(frequency: string, abbreviated = false): string[] {
  const months: readonly string[] = abbreviated ? ABBREVIATED_MONTHS : FULL_MONTHS;
  const step = MONTHS_PER_PERIOD[normalizeFrequency(frequency)];
  const out: string[] = [];
  for (let i = 0; i < 12; i += step) out.push(step === 1 ? months[i]! : `${months[i]}-${months[i + step - 1]}`);
  return out;
}

/**
 * The canonical full period of any spelling: abbreviated ('Sept-Oct') or in another case
 * ('september-october') both give 'September-October'; and back to abbreviations below.
 */
export function toFullPeriod(period: string): string {
  return String(period ?? '')
    .split('-')
    .map((p) => {
      const q = p.trim().toLowerCase();
      const i = ABBREVIATED_MONTHS.findIndex((m) => m.toLowerCase() === q);
      const j = FULL_MONTHS.findIndex((m) => m.toLowerCase() === q);
      return i >= 0 ? FULL_MONTHS[i]! : j >= 0 ? FULL_MONTHS[j]! : p.trim();
    })
    .join('-');
}
export function toAbbreviatedPeriod(period: string): string {
  return period
    .split('-')
    .map((p) => {
      const i = FULL_MONTHS.findIndex((m) => m.toLowerCase() === p.trim().toLowerCase());
      return i >= 0 ? ABBREVIATED_MONTHS[i]! : p.trim();
    })
    .join('-');
}

/**
 * A non-negative whole number sent as a JSON number or as digits (multipart fields are text).
 * Objects, booleans and '1e3' are refused. Each refusal says what is wrong: missing, not a number,
 * not whole, negative (docs/product.md#issue-rules: '-1' is there, it is negative), too large.
 */
export const wholeNumber = (label: string, max = 1_000_000) =>
  z.unknown().transform((v, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return fail(`${label} is required`);
    let n: number;
    if (typeof v === 'number') n = v;
    else if (typeof v === 'string' && /^[+-]?\d+(?:\.\d+)?$/.test(v.trim())) n = Number(v.trim());
    else return fail(`${label} must be a number`);
    if (!Number.isFinite(n)) return fail(`${label} must be a number`);
    if (!Number.isInteger(n)) return fail(`${label} must be a whole number`);
    if (n < 0) return fail(`${label} must not be negative`);
    if (n > max) return fail(`${label} is too large`);
    return n;
  });

export const yearField = wholeNumber('Year', 9999).pipe(z.number().min(1900, 'Year is invalid'));

/** A period name: one month or a range of months, e.g. 'January' or 'Jan-Feb'. */
export const periodField = z
  .string({ error: 'Frequency is required' })
  .trim()
  .min(1, 'Frequency is required')
  .max(40)
  .regex(/^[A-Za-z]+( ?- ?[A-Za-z]+)?$/, 'Frequency is invalid');

/** POST /api/admin/create-issue (docs/product.md#api): volume, issue and frequency required, numbers non-negative. */
export const issueCreateSchema = z.object({
  volume: wholeNumber('Volume'),
  issue: wholeNumber('Issue'),
  year: yearField,
  frequency: periodField,
});
export type IssueCreateInput = z.infer<typeof issueCreateSchema>;

/** The add-issue form as typed (text inputs). */
export interface IssueFormValues {
  volume: string;
  issue: string;
  frequency: string;
}

export interface AdminIssue {
  id: string;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  articles: number;
  creation?: string;
}

/** The most issues one page of the admin issue list holds. */
export const ADMIN_ISSUES_PAGE_MAX = 500;

/**
 * GET /api/admin/archives/ paging (docs/product.md#api): without `limit` the whole list; with it,
 * at most `limit` issues, newest first, older than the `before` issue (year/volume/issue) when given.
 */
export const adminIssuesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_ISSUES_PAGE_MAX).optional(),
  before: z
    .string()
    .regex(/^\d{1,4}\/\d{1,7}\/\d{1,7}$/, 'before: an issue as year/volume/issue')
    .transform((k) => {
      const [year, volume, issue] = k.split('/').map(Number) as [number, number, number];
      return { year, volume, issue };
    })
    .optional(),
});
export type AdminIssuesQuery = z.input<typeof adminIssuesQuerySchema>;

export interface AdminCounts {
  archives: number;
  issues: number;
  editors: number;
}

