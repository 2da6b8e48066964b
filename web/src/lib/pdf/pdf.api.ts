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

/** The file name an article's stored PDF is saved under from the /pdf page. */
export const articlePdfFilename = (refno: string | number) => `article-${refno}.pdf`;

/**
 * The public documents of docs/product.md#documents, by name, with their file names. The admin's
 * and the job calls are in `pdf-jobs.api.ts`, so the public bundle carries only these.
 */
export const publicPdfRequests = {
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
};

/** The document in one answer, without a job (the public /pdf page). */
export const downloadDocument = (client: ApiClient, r: PdfRequest, signal?: AbortSignal) =>
  client.download(r.path, { method: r.method, body: r.body, auth: r.auth, signal });
