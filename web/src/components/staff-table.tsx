import type { ReactNode } from 'react';

/**
 * A staff screen's list: one header cell a column (an empty name, over a row-action column, reads
 * 'Actions': a header cell always says what its column holds), the rows the caller's. `label`
 * names the table for screen readers where the page has several. It scrolls inside its own box
 * when wider than the screen (a phone), so the page itself never does.
 */
export function StaffTable({ columns, label, className, children }: {
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
