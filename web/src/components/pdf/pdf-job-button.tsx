import type { ReactNode } from 'react';
import type { PdfRequest } from '@/lib/pdf/pdf.api';
import { usePdfJob } from '@/lib/pdf/use-pdf-job';
import { PdfProgress } from './pdf-progress';

export interface PdfJobButtonProps {
  /** Built with `pdfRequests.*` (paths and file names: docs/product.md#files); null disables the button. */
  request: PdfRequest | null;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** Called after the file was handed to the browser. */
  onDone?: () => void;
}

/**
 * A button that starts a document job, shows its progress bar while the pipeline works, and
 * downloads the result with its file name (docs/product.md#documents). For the admin's Index Page, Certificate and
 * editor-certificate actions, and usable for the public /pdf page's buttons.
 */
export function PdfJobButton({ request, children, className = 'btn', disabled, onDone }: PdfJobButtonProps) {
  const job = usePdfJob();
  return (
    <span className="pdf-job">
      <button
        type="button"
        className={className}
        disabled={disabled || job.busy || !request}
        aria-busy={job.busy}
        onClick={() => {
          if (request) void job.run(request).then((ok) => ok && onDone?.());
        }}
      >
        {children}
      </button>
      <PdfProgress {...job} job={typeof children === 'string' ? children : undefined} />
    </span>
  );
}
