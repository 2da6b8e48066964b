import { labelled } from './labelled.js';

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

/** docs/product.md#submissions: limits of the form and its files. */
export const MAX_MANUSCRIPT_BYTES = 20 * 1024 * 1024;
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
export const MAX_SUBMISSION_TITLE = 500;
export const MAX_SUBMISSION_ABSTRACT = 10_000;
export const MAX_COAUTHORS = 9;
export { SUBMISSION_TOKEN_BYTES, SUBMISSION_TOKEN_RE } from './submission-token.js';

/**
 * docs/product.md#submissions: each rendering of the form carries a random key in a hidden field,
 * so a double click or a re-sent post (a retry after a network error, the browser's "resend") makes
 * one submission, not two.
 */
export const SUBMISSION_FORM_KEY_RE = /^[A-Za-z0-9_-]{22,64}$/;
/** 128 random bits, base64url (the browser's and Node's Web Crypto alike). */
export function newSubmissionFormKey(): string {
  // Web Crypto is global in browsers and Node; the contracts compile without either's types.
  const { crypto } = globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } };
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (const b of bytes) out += abc[b & 63]! + abc[b >> 6]!;
  return out;
}

// The two the pages show are constants of their own: the pages' chunks leave out the rest.
export const SUBMISSION_NOT_ALLOWED = 'This is not possible in the submission\u2019s current state';
export const SUBMISSION_RESENT = 'If the number and e-mail match a submission, its status link has been sent to that e-mail.';
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

/** The form's fields as the pages name them in an error. */
export const SUBMISSION_FIELD_LABELS: Record<string, string> = {
  given: 'Given name',
  family: 'Family name',
  email: 'Email',
  mobile: 'Mobile',
  country: 'Country',
  orcid: 'ORCID iD',
  affiliation: 'Affiliation',
  ror: 'ROR id',
  coauthors: 'Co-authors',
  title: 'Title',
  abstract: 'Abstract',
  keywords: 'Keywords',
  subject: 'Subject',
  declaration: 'Declaration',
  manuscript: 'Manuscript',
  txnid: 'Transaction id',
  number: 'Submission number',
};

/**
 * What a page says for an error code a plain form post was sent back with (docs/product.md#submissions):
 * fixed texts only, so a crafted link cannot put words on the journal's page.
 */
export function submissionErrorText(code: string, field = ''): string {
  const label = SUBMISSION_FIELD_LABELS[field];
  switch (code) {
    case 'validation_error':
    case 'invalid_txnid':
      return label ? `Please check the field \u201c${label}\u201d.` : 'Please check the form.';
    case 'invalid_file':
      return 'The file was not accepted: a manuscript must be a Word document (.docx) or a PDF, a receipt an image or a PDF.';
    case 'file_too_large':
      return 'The file is too large: a manuscript may be at most 20 MB, a receipt at most 5 MB.';
    case 'too_many_requests':
      return 'Too many requests from you in a short time. Please try again later.';
    case 'not_allowed':
      return SUBMISSION_NOT_ALLOWED;
    case 'rejected':
      return 'The submission could not be accepted.';
    case 'submission_in_progress':
      return 'This submission is still being sent. Please wait a moment and look for the confirmation e-mail before sending it again.';
    case 'form_reused':
      return 'This form was already sent with other details. Please reload the page to send a new submission.';
    default:
      return 'Something went wrong. Please try again.';
  }
}
