import type { ApiClient } from '../api-client';

/** A document request (docs/product.md#documents), with the file name the download is saved under. */
export interface PdfRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Admin documents need the bearer token. */
  auth: boolean;
  filename: string;
}

/** The 202 answer of `?async=1`. */
export interface PdfJobStarted {
  jobId: string;
  state: 'queued' | 'completed';
  statusUrl: string;
  resultUrl: string;
  filename: string;
}

/** `GET /api/pdf/jobs/:id`. */
export interface PdfJobStatus {
  id: string;
  kind: string;
  state: 'waiting' | 'active' | 'delayed' | 'prioritized' | 'waiting-children' | 'completed' | 'failed' | 'unknown';
  progress: { done: number; total: number };
  failedReason?: string;
  filename: string;
  resultUrl?: string;
}

const withAsync = (path: string) => `${path}${path.includes('?') ? '&' : '?'}async=1`;

/** The file name an article's stored PDF is saved under from the /pdf page. */
export const articlePdfFilename = (refno: string | number) => `article-${refno}.pdf`;

/** The documents of docs/product.md#documents, by name, with their file names. */
export const pdfRequests = {
  certificate: (refno: string | number, author: string): PdfRequest => ({
    method: 'GET',
    path: `/api/pdf/certificate/${encodeURIComponent(String(refno))}/${encodeURIComponent(author)}`,
    auth: false,
    filename: `certificate-${refno}.pdf`,
  }),
  coverPage: (refno: string | number): PdfRequest => ({
    method: 'GET',
    path: `/api/pdf/coverpage/${encodeURIComponent(String(refno))}`,
    auth: false,
    filename: `coverpage-${refno}.pdf`,
  }),
  editorialBoard: (): PdfRequest => ({ method: 'GET', path: '/api/pdf/editorialboard', auth: false, filename: 'Editorial-Board.pdf' }),
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
  /** The document in one answer, without a job (the public /pdf page). */
  direct: (r: PdfRequest, signal?: AbortSignal) => client.download(r.path, { method: r.method, body: r.body, auth: r.auth, signal }),
});
