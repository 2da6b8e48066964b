/**
 * docs/product.md#submissions: what the author's pages (the form and the status link) need of the
 * workflow: the form's limits and key, and the texts of its errors. A module of its own, so those
 * pages' chunks carry neither the table of moves nor the server's messages.
 */

// Limits of the form and its files.
export const MAX_MANUSCRIPT_BYTES = 20 * 1024 * 1024;
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;
export const MAX_SUBMISSION_TITLE = 500;
export const MAX_SUBMISSION_ABSTRACT = 10_000;
export const MAX_COAUTHORS = 9;

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

export const SUBMISSION_NOT_ALLOWED = 'This is not possible in the submission\u2019s current state';
export const SUBMISSION_RESENT = 'If the number and e-mail match a submission, its status link has been sent to that e-mail.';

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
