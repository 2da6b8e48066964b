import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EDITOR_CATEGORIES, EDITOR_DESIGNATIONS, editorSchema } from '@journal/contracts';
import { paths } from '@/config/paths';
import { decodeEntities } from '@/lib/sanitize';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { pickedFile, uploadName } from '../lib/picked-file';
import { useFlash } from './flash';
import { Choices, SubmitButton } from './inline-form';
import { problemsByField } from '@/lib/form-errors';

const FIELDS = ['name', 'category', 'post', 'content', 'degree', 'email', 'phone', 'country', 'editor_website'] as const;
type Field = (typeof FIELDS)[number];
export type EditorValues = Record<Field, string>;
type Values = EditorValues;
const EMPTY: Values = { name: '', category: '', post: '', content: '', degree: '', email: '', phone: '', country: '', editor_website: '' };
const LABELS: Record<Field, string> = {
  name: 'Name', category: 'Category', post: 'Designation', content: 'Affiliation', degree: 'Degree', email: 'Email',
  phone: 'Phone', country: 'Country', editor_website: 'Website',
};

/** docs/product.md#admin-area: /admin/editors/add and /admin/editors/:id. */
export function EditorFormPage() {
  const adminApi = useAdminApi();
  const { id } = useParams();
  const editing = !!id && id !== 'add';
  const flash = useFlash();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.editor(id), queryFn: () => adminApi.editor(id!), enabled: editing });
  const initial = useMemo<Values>(() => {
    const e = q.data;
    if (!e) return EMPTY;
    return Object.fromEntries(FIELDS.map((f) => [f, f === 'post' ? decodeEntities(e.post ?? '') : String(e[f] ?? '')])) as Values;
  }, [q.data]);

  const save = useMutation({
    mutationFn: (form: FormData) => (editing ? adminApi.updateEditor(id!, form) : adminApi.addEditor(form)),
    onSuccess: async () => {
      await invalidateAfterSave(qc, staleAfterSaving.editor());
      // The list this goes back to is read again first: kept from an earlier visit, it would show
      // its old rows under the message until its own reload.
      await qc.refetchQueries({ queryKey: adminKeys.editors(), type: 'inactive' });
      flash(editing ? 'Editor updated successfully' : 'Editor created successfully');
      navigate(paths.admin.editors);
    },
    onError: showFailure(flash),
  });

  return (
    <section>
      <p>
        <Link to={paths.admin.editors}>← Back to editors</Link>
      </p>
      <h1>{editing ? 'Edit Editor' : 'Add Editor'}</h1>
      {editing && <QueryStates query={q} failed="Not Found!" />}
      {(!editing || q.data) && (
        <EditorForm editing={editing} initial={initial} picture={q.data?.picture} busy={save.isPending} onSubmit={(form) => save.mutate(form)} />
      )}
    </section>
  );
}

/**
 * The editor form (docs/product.md#editor-rules): checked with the shared editor schema, posted as
 * multipart with the picture as `imgFile`.
 */
export function EditorForm({ editing, initial, picture, busy, onSubmit }: {
  editing: boolean;
  initial: EditorValues;
  /** The stored picture's file name (edit). */
  picture?: string;
  busy: boolean;
  onSubmit: (form: FormData) => void;
}) {
  const [v, setV] = useState<Values>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => setV(initial), [initial]);

  const set = (f: Field) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setV({ ...v, [f]: e.target.value });

  function pickFile(e: ChangeEvent<HTMLInputElement>) {
    setFile(pickedFile(e.target, 'image'));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = editorSchema.safeParse(v);
    if (!parsed.success) {
      setErrors(problemsByField(parsed.error));
      return;
    }
    setErrors({});
    const form = new FormData();
    for (const f of FIELDS) form.append(f, v[f].trim());
    if (file) form.append('imgFile', file, uploadName(file, 'picture'));
    onSubmit(form);
  }

  const input = (f: Field) => {
    if (f === 'category' || f === 'post')
      return (
        <select id={`editor-${f}`} name={f} value={v[f]} onChange={set(f)}>
          <Choices values={f === 'category' ? EDITOR_CATEGORIES : EDITOR_DESIGNATIONS} />
        </select>
      );
    if (f === 'content') return <textarea id={`editor-${f}`} name={f} rows={4} value={v[f]} onChange={set(f)} />;
    return <input id={`editor-${f}`} name={f} value={v[f]} onChange={set(f)} />;
  };

  return (
    <form className="editor-form" onSubmit={submit} noValidate aria-label={editing ? 'Edit editor' : 'Add editor'}>
      {FIELDS.map((f) => (
        <div key={f} className={errors[f] ? 'field invalid' : 'field'}>
          <label htmlFor={`editor-${f}`}>
            {LABELS[f]}
            {['name', 'category', 'post', 'content'].includes(f) && <span className="req"> *</span>}
          </label>
          {input(f)}
          {errors[f] && <span className="field-error">{errors[f]}</span>}
        </div>
      ))}
      <div className="field">
        <label htmlFor="editor-picture">Picture</label>
        {editing && picture && (
          <img className="editor-thumb" src={`/assets/editors/${encodeURIComponent(picture)}`} alt="" width={64} height={64} />
        )}
        <input id="editor-picture" name="imgFile" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={pickFile} />
      </div>
      <SubmitButton busy={busy} />
    </form>
  );
}
