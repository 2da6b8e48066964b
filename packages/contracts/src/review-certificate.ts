/**
 * docs/product.md#reviewer-certificates: the certificate of reviewing a reviewer gets when their
 * review is submitted, and the year's certificates staff download in one zip. The content service
 * owns the reviews (`reviewSubmittedEventSchema` is what a certificate is made from); the PDF
 * service renders them.
 */

/** The purpose a certificate link's signature is made for (`linkSignature` in the server kit). */
export const REVIEWER_CERTIFICATE_LINK = 'reviewer-certificate';

/**
 * The certificate's own link: what the mail worker fetches to attach it and what the email links
 * to, opened by its signature alone (no account, like the reviewer's other links).
 */
export const reviewerCertificatePath = (reviewId: string, signature: string) =>
  `/api/pdf/reviewer-certificate/${encodeURIComponent(reviewId)}/${encodeURIComponent(signature)}`;

/** One reviewer's certificate as it is saved. */
export const reviewerCertificateFilename = (submissionNumber: string) => `reviewer-certificate-${submissionNumber}.pdf`;

/** The zip of a year's certificates, as it is saved. */
export const reviewerCertificatesFilename = (year: number | string) => `Reviewer-Certificates-${year}.zip`;
