import { labelled } from './labelled.js';

/**
 * docs/product.md#peer-review: the states of a review invitation, the recommendations and the
 * texts the reviewer's page shows. Pure and free of zod, so the public review page and the admin
 * read the same table the server enforces.
 */
const STATES = labelled({
  invited: 'Invited',
  accepted: 'Accepted',
  declined: 'Declined',
  submitted: 'Review submitted',
  cancelled: 'Cancelled',
});
export const REVIEW_STATES = STATES.values;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const reviewStateLabels = STATES.labels;

/** States in which the reviewer still owes an answer or a review (reminders, overdue, cancel). */
export const OPEN_REVIEW_STATES: readonly ReviewState[] = ['invited', 'accepted'];
export const isOpenReview = (s: ReviewState) => OPEN_REVIEW_STATES.includes(s);

const RECOMMENDED = labelled({
  accept: 'Accept',
  minor_revision: 'Minor revision',
  major_revision: 'Major revision',
  reject: 'Reject',
});
export const RECOMMENDATIONS = RECOMMENDED.values;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const recommendationLabels = RECOMMENDED.labels;

/** The decisions an editor records from the reviews (they move the submission, docs/product.md#submissions). */
export const REVIEW_DECISIONS = ['revision_requested', 'accepted', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Reviewer acts from the link; each is allowed only from these states. */
export type ReviewAct = 'accept' | 'decline' | 'draft' | 'submit' | 'download';
const ACTS: Record<ReviewAct, readonly ReviewState[]> = {
  accept: ['invited'],
  decline: ['invited'],
  draft: ['accepted'],
  submit: ['accepted'],
  download: ['accepted', 'submitted'],
};
export const reviewerMay = (act: ReviewAct, s: ReviewState): boolean => ACTS[act].includes(s);

/** Submissions in these states can be sent to reviewers. */
export const REVIEWABLE_SUBMISSION_STATES = ['received', 'under_review', 'revision_requested'] as const;

/** docs/product.md#peer-review: limits and defaults. */
export const MAX_REVIEW_COMMENTS = 50_000;
export const MAX_DECLINE_REASON = 2000;
export const MAX_ANNOTATED_BYTES = 20 * 1024 * 1024;
export const MAX_INVITES_AT_ONCE = 10;
export const DEFAULT_REVIEW_DUE_DAYS = 21;
/** A review link opens its invitation until this many days after the due date (configurable per journal). */
export const DEFAULT_REVIEW_TOKEN_DAYS_AFTER_DUE = 60;
export const REVIEWERS_PAGE_SIZE = 25;

/** The review link: `/review/<token>`, a 256-bit random token like the status link's. */
export const reviewPagePath = (token: string) => `/review/${token}`;

export const REVIEW_MESSAGES = {
  notFound: 'This review link is not valid. It may have expired or been replaced; please write to the journal.',
  cancelled: 'This review invitation has been withdrawn by the editors. Thank you; no further action is needed.',
  declined: 'You declined this invitation. Thank you for letting us know.',
  submitted: 'Your review has been submitted and can no longer be changed. Thank you.',
  notAccepted: 'Please accept the invitation first.',
  notAllowed: 'This is not possible in the review\u2019s current state',
  notReady: 'The manuscript for review is not ready yet. Please try again later or write to the journal.',
  annotatedKind: 'The annotated file must be a Word document (.docx) or a PDF',
  annotatedTooLarge: 'The annotated file must be at most 20 MB',
  recommendationRequired: 'Please choose a recommendation',
  commentsRequired: 'Please write your comments to the author',
  tooMany: 'Too many requests from you in a short time. Please try again later.',
  selfInvite: 'You cannot invite yourself to review a submission you are an author of',
  conflict: 'You are an author of this submission: its reviewers are hidden from you',
  alreadyInvited: 'This reviewer is already invited to review this submission',
  unavailable: 'This reviewer is marked unavailable',
  duplicateEmail: 'A reviewer with this email already exists',
  hasReviews: 'This reviewer has invitations: mark them unavailable instead',
} as const;

/** What the review page says for a code a plain form post was sent back with: fixed texts only. */
export function reviewErrorText(code: string): string {
  switch (code) {
    case 'validation_error':
      return 'Please check the form.';
    case 'recommendation_required':
      return REVIEW_MESSAGES.recommendationRequired;
    case 'comments_required':
      return REVIEW_MESSAGES.commentsRequired;
    case 'invalid_file':
      return REVIEW_MESSAGES.annotatedKind;
    case 'file_too_large':
      return REVIEW_MESSAGES.annotatedTooLarge;
    case 'too_many_requests':
      return REVIEW_MESSAGES.tooMany;
    case 'not_allowed':
      return REVIEW_MESSAGES.notAllowed;
    case 'not_ready':
      return REVIEW_MESSAGES.notReady;
    default:
      return 'Something went wrong. Please try again.';
  }
}

/** What the review page says after an act (`?done=`). */
export const REVIEW_DONE_TEXT: Record<string, string> = {
  accepted: 'Thank you for accepting. You can now download the manuscript and write your review.',
  declined: REVIEW_MESSAGES.declined,
  saved: 'Your draft has been saved. You can come back to this page with the same link.',
  submitted: REVIEW_MESSAGES.submitted,
};
