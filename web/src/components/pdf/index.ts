/** The PDF pipeline in the browser: start a document job, show its progress, download the file. */
import { adminPdfRequests } from '@/lib/pdf/pdf-jobs.api';
import { publicPdfRequests } from '@/lib/pdf/pdf.api';

export { pdfJobsApi } from '@/lib/pdf/pdf-jobs.api';
/** Every document request by name (docs/product.md#documents). */
export const pdfRequests = { ...publicPdfRequests, ...adminPdfRequests };
export type { PdfRequest, PdfJobStarted, PdfJobStatus } from '@/lib/pdf/pdf.api';
export { usePdfJob } from '@/lib/pdf/use-pdf-job';
export type { PdfJobPhase, PdfJobState } from '@/lib/pdf/use-pdf-job';
export { PdfJobButton } from './pdf-job-button';
export type { PdfJobButtonProps } from './pdf-job-button';
export { PdfProgress } from './pdf-progress';
