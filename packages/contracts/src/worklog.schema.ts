import { z } from 'zod';

/** docs/product.md#entities: the eight work entry statuses, in the order of the filter buttons. */
export const WORK_STATUSES = ['pending', 'working', 'completed', 'info', 'last-work', 'journal', 'urgent', 'cancelled'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** docs/product.md#worklog: a new entry is created as info or urgent, nothing else. */
export const NEW_WORK_STATUSES = ['info', 'urgent'] as const;
export type NewWorkStatus = (typeof NEW_WORK_STATUSES)[number];

/** docs/product.md#constants: 20 entries a page. */
export const WORKLOG_PAGE_SIZE = 20;
export const WORKLOG_MAX_PAGE_SIZE = 100;
/** The add form is a single-line input; anything longer than this is not a work-log line. */
export const WORK_CONTENT_MAX = 10_000;
export const WORK_SEARCH_MAX = 200;

/** docs/product.md#worklog: the nine filter buttons and the route value each navigates to. */
export const WORK_FILTERS: readonly { label: string; value: 'all' | WorkStatus }[] = [
  { label: 'All Entries', value: 'all' },
  { label: 'Pending', value: 'pending' },
  { label: 'Working', value: 'working' },
  { label: 'Completed', value: 'completed' },
  { label: 'Information', value: 'info' },
  { label: 'Last-work', value: 'last-work' },
  { label: 'Journal', value: 'journal' },
  { label: 'Urgent', value: 'urgent' },
  { label: 'Cancelled', value: 'cancelled' },
];

export const workStatusLabel = (s: string): string => WORK_FILTERS.find((f) => f.value === s)?.label ?? s;
export const isWorkStatus = (s: unknown): s is WorkStatus => typeof s === 'string' && (WORK_STATUSES as readonly string[]).includes(s);

/**
 * POST /api/webdata. The original clients send `{status, content, createdby, created_at}`: the
 * last two are accepted and ignored (the token names the author, the server dates the entry);
 * any other field is refused. Empty content is accepted; the status must be one a new entry may
 * have, and a missing one is refused with its own message.
 */
export const workEntryCreateSchema = z
  .strictObject({
    status: z.enum(NEW_WORK_STATUSES, {
      error: (i) => (i.input === undefined ? 'Choose a status (info or urgent) for the entry' : 'Status must be info or urgent'),
    }),
    content: z.string().max(WORK_CONTENT_MAX, `Content must be at most ${WORK_CONTENT_MAX} characters`),
    createdby: z.string().max(200).optional(),
    created_at: z.string().max(100).optional(),
  })
  .transform(({ status, content }) => ({ status, content }));
export type WorkEntryCreateInput = z.infer<typeof workEntryCreateSchema>;

/** PUT /api/webdata/:id: any of the eight statuses, and nothing else (docs/product.md#worklog). */
export const workEntryUpdateSchema = z.strictObject({
  status: z.enum(WORK_STATUSES, { message: `Status must be one of ${WORK_STATUSES.join(', ')}` }),
});
export type WorkEntryUpdateInput = z.infer<typeof workEntryUpdateSchema>;

const intParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'Must be a positive whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `Must be between 1 and ${max}`);

/**
 * GET /api/webdata query. With none of these the answer is the original array (of the newest
 * WORKLOG_MAX_PAGE_SIZE entries, the total in X-Total-Count); with any of them it is a page
 * `{items, total, page, pageSize}`.
 */
export const workListQuerySchema = z.strictObject({
  status: z.enum(['all', ...WORK_STATUSES]).optional(),
  search: z.string().max(WORK_SEARCH_MAX).optional(),
  page: intParam(1_000_000).optional(),
  pageSize: intParam(WORKLOG_MAX_PAGE_SIZE).optional(),
});
export type WorkListQuery = z.infer<typeof workListQuerySchema>;
/** Whether the query asks for the page object; without any of its parameters the answer is the original's array. */
export const isPagedQuery = (q: WorkListQuery): boolean =>
  q.status !== undefined || q.search !== undefined || q.page !== undefined || q.pageSize !== undefined;

/** One entry as the API answers it (docs/product.md#api); content is already sanitised. */
export interface WorkEntry {
  id: string;
  content: string;
  status: WorkStatus;
  createdby: string;
  created_at: string;
}

export interface WorkEntryPage {
  items: WorkEntry[];
  total: number;
  /** The page actually returned: the requested one clamped between 1 and the last page. */
  page: number;
  pageSize: number;
}

/**
 * POST /internal/webdata/entries: an entry another service writes for its journal (the submission
 * workflow's events, docs/product.md#submission-worklog), once per `key`: a repeat of the same key
 * answers the entry already written. Reachable only inside the cluster (never routed by the gateway).
 */
export const workEntryInternalSchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9:._-]{8,128}$/, 'key must be 8 to 128 letters, digits or :._-'),
  content: z.string().trim().min(1, 'Content is required').max(WORK_CONTENT_MAX, `Content must be at most ${WORK_CONTENT_MAX} characters`),
  status: z.enum(WORK_STATUSES, { message: `Status must be one of ${WORK_STATUSES.join(', ')}` }),
  createdby: z.string().trim().min(1).max(200),
});
export type WorkEntryInternalInput = z.infer<typeof workEntryInternalSchema>;
