import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { indexingInputSchema, type AdminIndexingItem } from '@journal/contracts';
import { FormError, QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { pickedFile, uploadName } from '../lib/picked-file';
import { AdminTable, PageHead } from './admin-table';
import { useFlash, useNotice } from './flash';
import { BackToDashboard, InlineForm, SubmitButton } from './inline-form';
import { firstProblem } from '@/lib/form-errors';

const logoUrl = (it: AdminIndexingItem) => it.image_url || `/assets/indexing/${encodeURIComponent(it.image)}`;

/** The add and edit form of one partner; the logo is required only when adding. */
function PartnerForm({ item, onDone }: { item?: AdminIndexingItem; onDone: () => void }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? '');
  const [link, setLink] = useState(item?.link ?? '');
  const [status, setStatus] = useState<'enabled' | 'disabled'>(item?.status ?? 'enabled');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const prefix = item ? `indexing-${item.id}` : 'indexing-new';

  const save = useMutation({
    mutationFn: (form: FormData) => (item ? adminApi.updateIndexing(item.id, form) : adminApi.addIndexing(form)),
    onSuccess: async () => {
      await invalidateAfterSave(qc, staleAfterSaving.indexing());
      flash(item ? 'Indexing partner updated successfully' : 'Indexing partner added successfully');
      onDone();
    },
    onError: showFailure(setError),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = indexingInputSchema.safeParse({ title, link, status });
    if (!parsed.success) {
      setError(firstProblem(parsed.error));
      return;
    }
    if (!item && !file) {
      setError('Choose the logo to upload');
      return;
    }
    setError('');
    const form = new FormData();
    form.append('title', parsed.data.title);
    form.append('link', parsed.data.link ?? '');
    form.append('status', status);
    if (file) form.append('imgFile', file, uploadName(file));
    save.mutate(form);
  }

  return (
    <InlineForm label={item ? `Edit ${item.title}` : 'Add indexing partner'} onSubmit={submit} onClose={onDone}>
      <div className="field">
        <label htmlFor={`${prefix}-title`}>Title</label>
        <input id={`${prefix}-title`} name="title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-link`}>Link</label>
        <input id={`${prefix}-link`} name="link" type="url" placeholder="https://" value={link} onChange={(e) => setLink(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-status`}>Status</label>
        <select id={`${prefix}-status`} name="status" value={status} onChange={(e) => setStatus(e.target.value as 'enabled' | 'disabled')}>
          <option value="enabled">Enabled</option>
          <option value="disabled">Disabled</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-logo`}>Logo{item ? ' (optional: replaces the current one)' : ''}</label>
        <input id={`${prefix}-logo`} name="imgFile" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => setFile(pickedFile(e.target, 'image'))} />
      </div>
      <SubmitButton busy={save.isPending} />
      <FormError message={error} />
    </InlineForm>
  );
}

/** /admin/indexing: the journal's indexing partners, in the order the public site shows them. */
export function IndexingPage() {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.indexing(), queryFn: adminApi.indexing });
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  const notice = useNotice();
  const reorder = useMutation({
    mutationFn: (ids: string[]) => adminApi.reorderIndexing(ids),
    onSuccess: (list) => {
      qc.setQueryData(adminKeys.indexing(), list);
      notice('Order saved');
      void invalidateAfterSave(qc, staleAfterSaving.indexingOrder());
    },
    onError: showFailure(flash),
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminApi.removeIndexing(id),
    onSuccess: async () => {
      await invalidateAfterSave(qc, staleAfterSaving.indexing());
      flash('Indexing partner removed');
    },
    onError: showFailure(flash),
  });

  const list = q.data ?? [];
  function move(index: number, by: -1 | 1) {
    const ids = list.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  }
  function confirmRemove(it: AdminIndexingItem) {
    if (window.confirm(`Remove ${it.title}?`)) remove.mutate(it.id);
  }

  return (
    <section>
      <BackToDashboard />
      <PageHead title="Indexing" onAdd={() => setEditing('new')} />
      {editing === 'new' && <PartnerForm onDone={() => setEditing(null)} />}
      <QueryStates query={q} failed="Could not load the indexing partners." isEmpty={list.length === 0} empty="No indexing partners yet." />
      {list.length > 0 && (
        <AdminTable className="indexing-table" columns={['Order', 'Logo', 'Title', 'Link', 'Status', 'Actions']}>
          {list.map((it, i) => (
            <tr key={it.id} data-id={it.id}>
              <td>
                <div className="row-actions">
                  <button type="button" className="btn" aria-label={`Move ${it.title} up`} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)}>
                    ↑
                  </button>
                  <button type="button" className="btn" aria-label={`Move ${it.title} down`} disabled={i === list.length - 1 || reorder.isPending} onClick={() => move(i, 1)}>
                    ↓
                  </button>
                </div>
              </td>
              <td>
                <img src={logoUrl(it)} alt={`${it.title} logo`} width={80} height={40} style={{ objectFit: 'contain' }} />
              </td>
              <td className="indexing-title">{it.title}</td>
              <td>{it.link && <a href={it.link} target="_blank" rel="noopener noreferrer">{it.link}</a>}</td>
              <td>{it.status}</td>
              <td>
                <div className="row-actions">
                  <button type="button" className="btn" onClick={() => setEditing(it.id)}>
                    EDIT
                  </button>
                  <button type="button" className="btn" disabled={remove.isPending} onClick={() => confirmRemove(it)}>
                    Remove
                  </button>
                </div>
                {editing === it.id && <PartnerForm item={it} onDone={() => setEditing(null)} />}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
