import { z } from 'zod';
import { articleRefSchema } from './id.schema.js';

/** PUT /api/admin/crossref/credentials: the journal's Crossref login (managers only; never sent back). */
export const crossrefCredentialsSchema = z.object({
  loginId: z.string().trim().min(1, 'Enter the Crossref username').max(200),
  password: z.string().min(1, 'Enter the Crossref password').max(200),
});
export type CrossrefCredentialsInput = z.infer<typeof crossrefCredentialsSchema>;

/** GET /api/admin/crossref/credentials: whether a login is stored, never the login itself. */
export const crossrefCredentialsStatusSchema = z.object({
  configured: z.boolean(),
  /** false when the server has no key to store credentials with. */
  storable: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CrossrefCredentialsStatus = z.infer<typeof crossrefCredentialsStatusSchema>;

const num = z.coerce.number().int().min(0).max(1_000_000);

/** POST /api/admin/crossref/deposits: what to deposit. */
export const depositRequestSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('article'), refnumber: articleRefSchema }),
  z.object({ scope: z.literal('issue'), year: z.coerce.number().int().min(0).max(9999), volume: num, issue: num }),
  /** Every public article never deposited, or whose deposit failed. */
  z.object({ scope: z.literal('pending') }),
]);
export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const DOI_STATES = ['not_deposited', 'queued', 'submitted', 'registered', 'failed'] as const;
export const doiStateSchema = z.enum(DOI_STATES);
export type DoiStateName = z.infer<typeof doiStateSchema>;

/** The words the admin shows for each DOI state. */
export const DOI_STATE_LABELS: Record<DoiStateName, string> = {
  not_deposited: 'Not deposited',
  queued: 'Queued',
  submitted: 'Submitted',
  registered: 'Registered',
  failed: 'Failed',
};

export const submissionViewSchema = z.object({
  id: z.string(),
  year: z.number(),
  volume: z.number(),
  issue: z.number(),
  articles: z.number(),
  state: z.enum(['queued', 'submitted', 'completed', 'failed']),
  progress: z.string(),
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubmissionView = z.infer<typeof submissionViewSchema>;

/** 202 answer of POST /api/admin/crossref/deposits: one submission per issue. */
export const depositResponseSchema = z.object({ submissions: z.array(submissionViewSchema), skipped: z.array(z.string()) });
export type DepositResponse = z.infer<typeof depositResponseSchema>;

/** GET /api/admin/crossref/deposits/:year/:vol/:issue: each article of the issue with its DOI state. */
export const issueDoiStatesSchema = z.array(
  z.object({
    id: z.string(),
    refnumber: z.string(),
    title: z.string(),
    doi: z.string(),
    state: doiStateSchema,
    message: z.string(),
    updatedAt: z.string().nullable(),
  }),
);
export type IssueDoiStates = z.infer<typeof issueDoiStatesSchema>;
