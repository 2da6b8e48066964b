import { useState, type FormEvent } from 'react';
import { reviewerInputSchema, type ReviewerView } from '@journal/contracts';
import { FormError } from '@/components/query-states';
import { firstProblem } from '@/lib/form-errors';
import type { ReviewerFields } from '../api/reviews.api';
import { InlineForm, SubmitButton } from './inline-form';

const EMPTY: ReviewerFields = { name: '', email: '', affiliation: '', ror: '', orcid: '', subjects: '', available: true, notes: '' };

export const reviewerFieldsOf = (r: ReviewerView): ReviewerFields => ({
  name: r.name,
  email: r.email,
  affiliation: r.affiliation,
  ror: r.ror,
  orcid: r.orcid,
  subjects: r.subjects.join(', '),
  available: r.available,
  notes: r.notes,
});

const TEXT_FIELDS: [keyof ReviewerFields, string, string?][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['affiliation', 'Affiliation'],
  ['ror', 'ROR ID', 'e.g. https://ror.org/04cw6st05'],
  ['orcid', 'ORCID', 'e.g. 0000-0002-1825-0097'],
  ['subjects', 'Subjects', 'Comma-separated: what they review'],
];

/**
 * docs/product.md#peer-review: a reviewer's entry (add or edit), checked with the server's schema
 * before it is sent; the server's refusal (a duplicate email) shows under the fields.
 */
export function ReviewerForm({ initial, label, onSubmit, onClose, busy, error }: {
  initial?: ReviewerFields;
  label: string;
  onSubmit: (f: ReviewerFields) => void;
  onClose: () => void;
  busy: boolean;
  error: string;
}) {
  const [f, setF] = useState<ReviewerFields>(initial ?? EMPTY);
  const [problem, setProblem] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = reviewerInputSchema.safeParse(f);
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    setProblem('');
    onSubmit(f);
  }
  const id = (k: string) => `reviewer-${k}`;
  return (
    <InlineForm label={label} onSubmit={submit} onClose={onClose}>
      {TEXT_FIELDS.map(([k, name, hint]) => (
        <div className="field" key={k}>
          <label htmlFor={id(k)}>{name}</label>
          <input
            id={id(k)}
            type={k === 'email' ? 'email' : 'text'}
            autoComplete="off"
            value={String(f[k])}
            onChange={(e) => setF({ ...f, [k]: e.target.value })}
            aria-describedby={hint ? `${id(k)}-hint` : undefined}
          />
          {hint && (
            <small className="hint" id={`${id(k)}-hint`}>
              {hint}
            </small>
          )}
        </div>
      ))}
      <div className="field">
        <label htmlFor={id('notes')}>Notes (staff only)</label>
        <textarea id={id('notes')} rows={2} maxLength={2000} value={f.notes} onChange={(e) => setF({ ...f, notes: e.target.value })} />
      </div>
      <label className="switch">
        <input type="checkbox" checked={f.available} onChange={(e) => setF({ ...f, available: e.target.checked })} /> Available for new reviews
      </label>
      <SubmitButton busy={busy} />
      <FormError message={problem || error} />
    </InlineForm>
  );
}
