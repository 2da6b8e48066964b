import { labelled } from './labelled.js';
import { SUBMISSION_NOT_ALLOWED, SUBMISSION_RESENT } from './submission-form.js';

/**
 * docs/product.md#submissions: the states of a submission and who moves it between them. Pure and
 * free of zod, so the public status page and the admin's buttons read the same table the server
 * enforces.
 */
const STATES = labelled({
  received: 'Received',
  under_review: 'Under review',
  revision_requested: 'Revision requested',
  accepted: 'Accepted',
  payment_pending: 'Payment receipt sent',
  paid: 'Paid',
  published: 'Published',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
});
export const SUBMISSION_STATES = STATES.values;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export const submissionStateLabels = STATES.labels;
export const isSubmissionState = STATES.is;

/**
 * How a move is made: a staff decision (`decide`, with a message), the author's withdrawal,
 * revision or receipt (from the status link), staff confirming or waiving the fee, publishing.
 */
export type SubmissionAct = 'decide' | 'withdraw' | 'revise' | 'receipt' | 'confirm_payment' | 'waive_payment' | 'publish';
export type SubmissionActor = 'staff' | 'author';

interface Move {
  from: readonly SubmissionState[];
  to: SubmissionState;
  act: SubmissionAct;
  by: SubmissionActor;
}

/** The one table of allowed moves; anything not listed is refused. */
export const SUBMISSION_MOVES: readonly Move[] = [
  { act: 'decide', by: 'staff', from: ['received', 'revision_requested'], to: 'under_review' },
  { act: 'decide', by: 'staff', from: ['under_review'], to: 'revision_requested' },
  { act: 'decide', by: 'staff', from: ['under_review'], to: 'accepted' },
  { act: 'decide', by: 'staff', from: ['received', 'under_review', 'revision_requested'], to: 'rejected' },
  // A receipt staff cannot match to a payment sends the author back to the fee.
  { act: 'decide', by: 'staff', from: ['payment_pending'], to: 'accepted' },
  { act: 'withdraw', by: 'author', from: ['received', 'under_review', 'revision_requested'], to: 'withdrawn' },
  { act: 'revise', by: 'author', from: ['revision_requested'], to: 'under_review' },
  // A second receipt replaces the first while staff have not confirmed it.
  { act: 'receipt', by: 'author', from: ['accepted', 'payment_pending'], to: 'payment_pending' },
  { act: 'confirm_payment', by: 'staff', from: ['payment_pending'], to: 'paid' },
  { act: 'waive_payment', by: 'staff', from: ['accepted', 'payment_pending'], to: 'paid' },
  { act: 'publish', by: 'staff', from: ['paid'], to: 'published' },
];

/** Whether `act` by `by` may move a submission from `from` to `to`. */
export const canMove = (act: SubmissionAct, by: SubmissionActor, from: SubmissionState, to: SubmissionState): boolean =>
  SUBMISSION_MOVES.some((m) => m.act === act && m.by === by && m.to === to && m.from.includes(from));

/** Where `act` by `by` leads from `from` when it leads to one state only (every act but `decide`); null when refused. */
export function moveTarget(act: Exclude<SubmissionAct, 'decide'>, by: SubmissionActor, from: SubmissionState): SubmissionState | null {
  return SUBMISSION_MOVES.find((m) => m.act === act && m.by === by && m.from.includes(from))?.to ?? null;
}

/** The staff decisions open in `from` (the admin's buttons). */
export const decisionsFrom = (from: SubmissionState): SubmissionState[] =>
  SUBMISSION_MOVES.filter((m) => m.act === 'decide' && m.from.includes(from)).map((m) => m.to);

/** Whether the author may still withdraw (before acceptance). */
export const authorMayWithdraw = (s: SubmissionState) => moveTarget('withdraw', 'author', s) !== null;

/** Where the fee shows and a receipt may be sent. */
export const awaitsPayment = (s: SubmissionState) => moveTarget('receipt', 'author', s) !== null;

/** docs/product.md#submissions: `PREFIX-YYYY-NNNNN`, the journal's prefix, the year and the journal-year sequence. */
export const SUBMISSION_NUMBER_RE = /^[A-Z0-9]{2,12}-\d{4}-\d{5,}$/;
export const formatSubmissionNumber = (prefix: string, year: number, seq: number) => `${prefix}-${year}-${String(seq).padStart(5, '0')}`;

/** The prefix of a journal's submission numbers: its slug's letters and digits, upper-case (2 to 12 of them). */
export function submissionPrefix(slug: string): string {
  const p = slug.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);
  return p.length >= 2 ? p : `${p}J`.padEnd(2, 'J');
}

export * from './submission-form.js';
export { SUBMISSION_TOKEN_BYTES, SUBMISSION_TOKEN_RE } from './submission-token.js';

/** The server's texts for refused requests; the pages' own are in submission-form. */
export const SUBMISSION_MESSAGES = {
  tooMany: 'Too many submissions from you in a short time. Please try again later or write to the journal.',
  tooManyResends: 'Too many requests for the status link. Please try again later.',
  manuscriptKind: 'The manuscript must be a Word document (.docx) or a PDF',
  manuscriptTooLarge: 'The manuscript must be at most 20 MB',
  receiptKind: 'The receipt must be an image (PNG, JPEG, GIF, WebP) or a PDF',
  receiptTooLarge: 'The receipt must be at most 5 MB',
  declaration: 'Please confirm the declaration',
  notAllowed: SUBMISSION_NOT_ALLOWED,
  resent: SUBMISSION_RESENT,
  formInProgress: 'This submission is still being sent. Please wait a moment, then reload its page.',
  formReused: 'This form was already sent with other details. Please reload the page to send a new submission.',
  formKey: 'The form is out of date. Please reload the page.',
} as const;

