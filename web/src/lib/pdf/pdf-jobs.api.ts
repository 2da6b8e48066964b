import { reviewerCertificatesFilename } from '@journal/contracts/review-certificate';
import type { ApiClient } from '../api-client';
import type { PdfJobStarted, PdfJobStatus, PdfRequest } from './pdf.api';

const withAsync = (path: string) => `${path}${path.includes('?') ? '&' : '?'}async=1`;

/** A document of the selected articles, by reference number. */
const ofArticles =
  (path: string, filename: string) =>
  (refnumbers: (string | number)[]): PdfRequest => ({ method: 'POST', path, body: { refnumbers: refnumbers.map(String) }, auth: true, filename });

/** The admin's documents (bearer token). */
export const adminPdfRequests = {
  indexPage: ofArticles('/api/pdf/indexpage', 'Index-Page.pdf'),
  bulkCertificates: ofArticles('/api/pdf/bulkcertificates', 'Certificates.zip'),
  editorsCertificate: (ids: string[]): PdfRequest => ({
    method: 'POST',
    path: '/api/pdf/editorscertificate',
    body: { ids },
    auth: true,
    filename: 'Editors-Certificate.zip',
  }),
  /** docs/product.md#reviewer-certificates: the certificates of every review submitted in a year. */
  reviewerCertificates: (year: number): PdfRequest => ({
    method: 'POST',
    path: '/api/pdf/reviewercertificates',
    body: { year },
    auth: true,
    filename: reviewerCertificatesFilename(year),
  }),
};

/** The job calls behind a document request: start it, poll it, fetch its result. */
export const pdfJobsApi = (client: ApiClient) => ({
  start: (r: PdfRequest, signal?: AbortSignal) =>
    client.request<PdfJobStarted>(withAsync(r.path), { method: r.method, body: r.body, auth: r.auth, signal }),
  status: (statusUrl: string, auth: boolean, signal?: AbortSignal) => client.request<PdfJobStatus>(statusUrl, { method: 'GET', auth, signal }),
  result: (resultUrl: string, auth: boolean, signal?: AbortSignal) => client.download(resultUrl, { method: 'GET', auth, signal }),
});
