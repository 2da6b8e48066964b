import type { ReactNode } from 'react';

/**
 * An admin list: one header cell a column (a blank one over a row-action column), the rows the
 * caller's. `label` names the table for screen readers where the page has several.
 */
export function AdminTable({ columns, label, className, children }: {
  columns: ReactNode[];
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className ? `admin-table ${className}` : 'admin-table'} aria-label={label}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The 'Select all' box over a list's row boxes. */
export function SelectAll({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  return <input type="checkbox" aria-label="Select all" checked={checked} onChange={onChange} />;
}
