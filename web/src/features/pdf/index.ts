/** The PDF pipeline in the browser: start a document job, show its progress, download the file. */
export { pdfRequests, startPdfJob, getPdfJob, downloadPdfResult } from './api/pdf.api';
export type { PdfRequest, PdfJobStarted, PdfJobStatus } from './api/pdf.api';
export { usePdfJob } from './hooks/use-pdf-job';
export type { PdfJobPhase, PdfJobState } from './hooks/use-pdf-job';
export { PdfJobButton } from './components/pdf-job-button';
export type { PdfJobButtonProps } from './components/pdf-job-button';
export { PdfProgress } from './components/pdf-progress';
