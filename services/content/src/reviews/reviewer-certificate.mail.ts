import { linkSignature, publicOriginOf, toPlainText } from '@journal/server-kit';
import { REVIEWER_CERTIFICATE_LINK, reviewerCertificateFilename, reviewerCertificatePath, type ReviewSubmittedEvent } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { ReviewEvents } from './review-events';

/**
 * docs/product.md#reviewer-certificates: once a review is submitted, the reviewer's thank-you
 * email with their certificate of reviewing. The certificate is made by the PDF queue when the
 * mail worker fetches it (from the PDF service, `PDF_URL`, or else through the public site; the
 * link's signature, made with the services' shared secret, is its only key), so a busy PDF service
 * delays the email, never the review. One email per review (the review id is the occurrence).
 */
export function mailReviewerCertificates(events: Pick<ReviewEvents, 'onSubmitted'>, deps: Pick<ContentDeps, 'config' | 'repos' | 'mail'>): void {
  const { config } = deps;
  events.onSubmitted(async (e: ReviewSubmittedEvent) => {
    const host = (await deps.repos.journals.findById(e.journalId))?.hosts[0];
    const origin = host ? publicOriginOf(host, config) : '';
    const path = reviewerCertificatePath(e.reviewId, linkSignature(config.JWT_SECRET, REVIEWER_CERTIFICATE_LINK, e.journalId, e.reviewId));
    await deps.mail.enqueueMail({
      journalId: e.journalId,
      event: 'reviewer_certificate',
      submissionId: e.submissionId,
      to: [{ name: e.reviewer.name, email: e.reviewer.email }],
      vars: { submissionNumber: e.submissionNumber, title: toPlainText(e.title), reviewDate: e.date, statusLink: '' },
      attachments: [
        {
          filename: reviewerCertificateFilename(e.submissionNumber),
          contentType: 'application/pdf',
          source: { kind: 'url', url: `${config.PDF_URL || origin}${path}` },
          // In the email instead of the file when it cannot be attached.
          ...(origin ? { link: `${origin}${path}` } : {}),
        },
      ],
      // Under the body: where the reviewer downloads the certificate again, whenever they need it.
      ...(origin ? { links: [{ label: 'Your certificate of reviewing', url: `${origin}${path}` }] } : {}),
      idempotencyKey: e.reviewId,
    });
  });
}
