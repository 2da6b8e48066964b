import { z } from 'zod';

/** docs/operations.md#submissions: limits of the public submission routes (per journal). */
export const submissionConfigShape = {
  /** Submissions one client address may make per hour. */
  SUBMIT_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Submissions one e-mail address may make per day. */
  SUBMIT_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Status link e-mails one client address (or one submission) may ask for per hour. */
  RESEND_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** How long a status link opens its submission (days); a new one can be asked for by e-mail. */
  SUBMISSION_TOKEN_DAYS: z.coerce.number().int().min(1).default(365),
  /**
   * The PDF service's address, from which the mail worker fetches the delivery e-mail's
   * certificates, cover page and board PDF; empty: through the journal's public site.
   */
  PDF_URL: z.string().regex(/^(https?:\/\/[^\s/]+)?$/, 'must be an http(s) origin').default(''),
  /**
   * The work-log service's address (docs/product.md#submission-worklog): submission events a
   * journal chose are written there as entries; empty (the default of a content service started
   * alone): none are. The local stack and the manifests set it.
   */
  WORKLOG_URL: z.string().regex(/^(https?:\/\/[^\s/]+)?$/, 'must be an http(s) origin').default(''),
  /** One call's limit; an entry not written is tried again 3 times (after 1, 5 and 25 s), then logged. */
  WORKLOG_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
};
