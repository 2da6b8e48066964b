import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * An admin list: one header cell a column (an empty name, over a row-action column, reads
 * 'Actions': a header cell always says what its column holds), the rows the caller's. `label`
 * names the table for screen readers where the page has several. It scrolls inside its own box
 * when wider than the screen (a phone), so the page itself never does.
 */
export function AdminTable({ columns, label, className, children }: {
  columns: ReactNode[];
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-box">
      <table className={className ? `admin-table ${className}` : 'admin-table'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c === '' ? 'Actions' : c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

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
