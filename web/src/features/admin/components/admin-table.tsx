import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The staff screens' list (the journal admin's, the platform's usage screen's). */
export { StaffTable as AdminTable } from '@/components/staff-table';

/** The 'Select all' box over a list's row boxes. */
export function SelectAll({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  return (
    <label className="select-all">
      <input type="checkbox" aria-label="Select all" checked={checked} onChange={onChange} /> All
    </label>
  );
}

/** A row's EDIT link to its form. */
export function EditCell({ to }: { to: string }) {
  return (
    <td>
      <Link to={to}>EDIT</Link>
    </td>
  );
}

/** A list page's heading, its Add New button (where `onAdd`) and its other actions. */
export function PageHead({ title, onAdd, children }: { title: ReactNode; onAdd?: () => void; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h1>{title}</h1>
      {onAdd && (
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          Add New
        </button>
      )}
      {children}
    </div>
  );
}
