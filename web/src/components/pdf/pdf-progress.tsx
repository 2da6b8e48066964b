import type { PdfJobState } from '@/lib/pdf/use-pdf-job';
import './pdf.css';

/**
 * A progress bar with 'done / total' for a document job; indeterminate until the total is known.
 * `job` names it where several jobs' statuses stand together (pdf.css).
 */
export function PdfProgress({ phase, progress, error, label = 'Preparing', job }: PdfJobState & { label?: string; job?: string }) {
  if (phase === 'idle') return null;
  if (phase === 'error') {
    return (
      <div className="pdf-progress pdf-progress-error" role="alert" data-job={job}>
        {error ?? 'Something went wrong'}
      </div>
    );
  }
  const known = progress.total > 0;
  const text =
    phase === 'done'
      ? 'Downloaded'
      : phase === 'downloading'
        ? 'Downloading…'
        : known
          ? `${label}… ${progress.done} / ${progress.total}`
          : `${label}…`;
  return (
    <div className="pdf-progress" aria-live="polite" data-job={job}>
      <progress max={known ? progress.total : undefined} value={known ? progress.done : undefined} aria-label={text} />
      <span className="pdf-progress-text">{text}</span>
    </div>
  );
}
