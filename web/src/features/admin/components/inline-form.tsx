import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** A form opened inside a list page (Add New, Edit), closed with its X button. */
export function InlineForm({ label, onSubmit, onClose, children }: {
  label: string;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form className="inline-form" onSubmit={onSubmit} noValidate aria-label={label}>
      <button type="button" className="close-x" aria-label="Close" onClick={onClose}>
        X
      </button>
      {children}
    </form>
  );
}

/** A form's Submit, which reads 'Saving…' while the save runs. */
export function SubmitButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? 'Saving…' : 'Submit'}
    </button>
  );
}

/** The '← Back' link of a page under the dashboard. */
export function BackToDashboard() {
  return (
    <p>
      <Link to={paths.admin.root}>← Back</Link>
    </p>
  );
}

/** A select's choices after its empty 'Select' one. */
export function Choices({ values }: { values: readonly string[] }) {
  return (
    <>
      <option value="">Select</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}
