import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LIST_SORTED_MESSAGE, type AdminEditor } from '@journal/contracts';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { decodeEntities } from '@/lib/sanitize';
import { useAdminApi } from '../api/admin.api';
import { PdfJobButton, pdfRequests } from '@/components/pdf';
import { useFlash } from './flash';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';

const pinnedFirst = (a: AdminEditor, b: AdminEditor) => (b.is_pinned ?? 0) - (a.is_pinned ?? 0);

/** docs/product.md#admin-area: /admin/editors: status switches, pinning and the editor certificate action. */
export function EditorsPage() {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.editors(), queryFn: adminApi.editors });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The server sorts too; the stable sort here keeps pinned rows first between reloads.
  const editors = useMemo(() => [...(q.data ?? [])].sort(pinnedFirst), [q.data]);
  const allSelected = editors.length > 0 && editors.every((e) => selected.has(e.id));

  const failed = (err: unknown) => {
    if (!(err instanceof ApiError && err.status === 401)) flash('Something went wrong');
  };

  const toggleStatus = useMutation({
    mutationFn: (e: AdminEditor) => {
      const form = new FormData();
      form.append('status', e.status === 'enabled' ? 'disabled' : 'enabled');
      return adminApi.updateEditor(e.id, form);
    },
    onSuccess: () => invalidateAfterSave(qc, staleAfterSaving.editor()),
    onError: failed,
  });

  const pin = useMutation({
    mutationFn: (pinned: boolean) => adminApi.pinEditors({ ids: [...selected], pinned }),
    onSuccess: async () => {
      setSelected(new Set());
      await invalidateAfterSave(qc, staleAfterSaving.editor());
      flash(LIST_SORTED_MESSAGE);
    },
    onError: failed,
  });

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <section>
      <div className="page-head">
        <h1>Editors</h1>
        <div className="actions">
          {selected.size > 0 && (
            <>
              <button type="button" className="btn" disabled={pin.isPending} onClick={() => pin.mutate(true)}>
                Move to Top
              </button>
              <button type="button" className="btn" disabled={pin.isPending} onClick={() => pin.mutate(false)}>
                Remove from Top
              </button>
              <PdfJobButton request={pdfRequests.editorsCertificate(editors.filter((e) => selected.has(e.id)).map((e) => e.id))}>
                Certificate
              </PdfJobButton>
            </>
          )}
          <Link to={paths.admin.addEditor} className="btn btn-primary">
            Add New
          </Link>
        </div>
      </div>
      {q.isLoading && <p>Loading...</p>}
      {q.isError && <p className="admin-error">Could not load the editors.</p>}
      {q.data && editors.length === 0 && <p>No editors yet.</p>}
      {editors.length > 0 && (
        <table className="admin-table" aria-label="Editors">
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(editors.map((e) => e.id)))}
                />
              </th>
              <th>Name</th>
              <th>Category</th>
              <th>Designation</th>
              <th>Pinned</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {editors.map((e) => (
              <tr key={e.id} data-editor={e.name}>
                <td>
                  <input type="checkbox" aria-label={`Select ${e.name}`} checked={selected.has(e.id)} onChange={() => toggle(e.id)} />
                </td>
                <td>{e.name}</td>
                <td>{e.category}</td>
                <td>{decodeEntities(e.post)}</td>
                <td>{e.is_pinned ? 'Yes' : ''}</td>
                <td>
                  <label className="switch">
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label={`Status of ${e.name}`}
                      checked={e.status === 'enabled'}
                      disabled={toggleStatus.isPending}
                      onChange={() => toggleStatus.mutate(e)}
                    />
                    <span>{e.status === 'enabled' ? 'Enabled' : 'Disabled'}</span>
                  </label>
                </td>
                <td>
                  <Link to={paths.admin.editor(e.id)}>EDIT</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
