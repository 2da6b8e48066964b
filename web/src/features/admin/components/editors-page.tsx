import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LIST_SORTED_MESSAGE, type AdminEditor } from '@journal/contracts';
import { paths } from '@/config/paths';
import { decodeEntities } from '@/lib/sanitize';
import { PdfJobButton, pdfRequests } from '@/components/pdf';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { useSelection } from '../lib/use-selection';
import { AdminTable, EditCell, PageHead, SelectAll } from './admin-table';
import { useFlash, useNotice } from './flash';

const pinnedFirst = (a: AdminEditor, b: AdminEditor) => (b.is_pinned ?? 0) - (a.is_pinned ?? 0);

/** docs/product.md#admin-area: /admin/editors: status switches, pinning and the editor certificate action. */
export function EditorsPage() {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.editors(), queryFn: adminApi.editors });
  // The server sorts too; the stable sort here keeps pinned rows first between reloads.
  const editors = useMemo(() => [...(q.data ?? [])].sort(pinnedFirst), [q.data]);
  const { selected, allSelected, toggle, toggleAll, clear, inOrder } = useSelection(editors.map((e) => e.id));
  const notice = useNotice();
  const failed = showFailure(flash);

  const toggleStatus = useMutation({
    mutationFn: (e: AdminEditor) => {
      const form = new FormData();
      form.append('status', e.status === 'enabled' ? 'disabled' : 'enabled');
      return adminApi.updateEditor(e.id, form);
    },
    onSuccess: (e) => {
      // The switch shows the stored status as the notice says it; the reload confirms.
      qc.setQueryData<AdminEditor[]>(adminKeys.editors(), (rows) => rows?.map((r) => (r.id === e.id ? { ...r, status: e.status } : r)));
      notice(`${e.name} ${e.status}`);
      return invalidateAfterSave(qc, staleAfterSaving.editor());
    },
    onError: failed,
  });

  const pin = useMutation({
    mutationFn: (pinned: boolean) => adminApi.pinEditors({ ids: inOrder, pinned }).then(() => ({ pinned, ids: new Set(inOrder) })),
    onSuccess: ({ pinned, ids }) => {
      clear();
      // The server has it: the rows move now, so 'List Sorted!' never shows an unsorted list; the reload confirms.
      qc.setQueryData<AdminEditor[]>(adminKeys.editors(), (rows) =>
        rows?.map((e) => (ids.has(e.id) ? { ...e, is_pinned: pinned ? 1 : 0 } : e)),
      );
      flash(LIST_SORTED_MESSAGE);
      void invalidateAfterSave(qc, staleAfterSaving.editor());
    },
    onError: failed,
  });

  return (
    <section>
      <PageHead title="Editors">
        <div className="actions">
          {selected.size > 0 && (
            <>
              <button type="button" className="btn" disabled={pin.isPending} onClick={() => pin.mutate(true)}>
                Move to Top
              </button>
              <button type="button" className="btn" disabled={pin.isPending} onClick={() => pin.mutate(false)}>
                Remove from Top
              </button>
              <PdfJobButton request={pdfRequests.editorsCertificate(inOrder)}>
                Certificate
              </PdfJobButton>
            </>
          )}
          <Link to={paths.admin.addEditor} className="btn btn-primary">
            Add New
          </Link>
        </div>
      </PageHead>
      <QueryStates query={q} failed="Could not load the editors." isEmpty={editors.length === 0} empty="No editors yet." />
      {editors.length > 0 && (
        <AdminTable
          label="Editors"
          columns={[<SelectAll key="all" checked={allSelected} onChange={toggleAll} />, 'Name', 'Category', 'Designation', 'Pinned', 'Status', '']}
        >
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
              <EditCell to={paths.admin.editor(e.id)} />
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
