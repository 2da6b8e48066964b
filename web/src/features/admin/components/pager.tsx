/** A list's pages: previous, "first - last of total", next (docs/product.md#admin-area). */
export function Pager({ page, pageSize, total, label, onPage }: { page: number; pageSize: number; total: number; label: string; onPage: (page: number) => void }) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹
      </button>
      <span>
        {first} - {last} of {total}
      </span>
      <button type="button" aria-label="Next page" disabled={last >= total} onClick={() => onPage(page + 1)}>
        ›
      </button>
    </nav>
  );
}
