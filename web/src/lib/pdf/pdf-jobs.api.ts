import type { ApiClient } from '../api-client';
import type { PdfJobStarted, PdfJobStatus, PdfRequest } from './pdf.api';

const withAsync = (path: string) => `${path}${path.includes('?') ? '&' : '?'}async=1`;

/** The admin's documents (bearer token). */
export const adminPdfRequests = {
  indexPage: (refnumbers: (string | number)[]): PdfRequest => ({
    method: 'POST',
    path: '/api/pdf/indexpage',
    body: { refnumbers: refnumbers.map(String) },
    auth: true,
    filename: 'Index-Page.pdf',
  }),
  bulkCertificates: (refnumbers: (string | number)[]): PdfRequest => ({
    method: 'POST',
    path: '/api/pdf/bulkcertificates',
    body: { refnumbers: refnumbers.map(String) },
    auth: true,
    filename: 'Certificates.zip',
  }),
  editorsCertificate: (ids: string[]): PdfRequest => ({
    method: 'POST',
    path: '/api/pdf/editorscertificate',
    body: { ids },
    auth: true,
    filename: 'Editors-Certificate.zip',
  }),
};

/** The job calls behind a document request: start it, poll it, fetch its result. */
export const pdfJobsApi = (client: ApiClient) => ({
  start: (r: PdfRequest, signal?: AbortSignal) =>
    client.request<PdfJobStarted>(withAsync(r.path), { method: r.method, body: r.body, auth: r.auth, signal }),
  status: (statusUrl: string, auth: boolean, signal?: AbortSignal) => client.request<PdfJobStatus>(statusUrl, { method: 'GET', auth, signal }),
  result: (resultUrl: string, auth: boolean, signal?: AbortSignal) => client.download(resultUrl, { method: 'GET', auth, signal }),
});
