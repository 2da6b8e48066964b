import { useState, type FormEvent } from 'react';
import { roleLabels, staffCreateSchema, staffRoles, type StaffCreateInput } from '@journal/contracts';
import { FormError } from '@/components/query-states';
import { firstProblem } from '@/lib/form-errors';
import { InlineForm, SubmitButton } from './inline-form';

/** One choice per staff role (docs/product.md#roles), highest first. */
export function RoleOptions() {
  return (
    <>
      {staffRoles.map((r) => (
        <option key={r} value={r}>
          {roleLabels[r]}
        </option>
      ))}
    </>
  );
}

/** The Users screen's Add form: user name, password and role, checked with the server's schema. */
export function StaffForm({ onSubmit, onClose, busy, error }: {
  onSubmit: (input: StaffCreateInput) => void;
  onClose: () => void;
  busy: boolean;
  error: string;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('');
  const [problem, setProblem] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffCreateSchema.safeParse({ name, password, role });
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    setProblem('');
    onSubmit(parsed.data);
  }
  return (
    <InlineForm label="Add user" onSubmit={submit} onClose={onClose}>
      <div className="field">
        <label htmlFor="staff-name">Username</label>
        <input id="staff-name" name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="staff-password">Password</label>
        <input id="staff-password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <small className="hint">At least 8 characters; not a common password; not the user name.</small>
      </div>
      <div className="field">
        <label htmlFor="staff-role">Role</label>
        <select id="staff-role" name="role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="">Select</option>
          <RoleOptions />
        </select>
        <small className="hint">Manager: everything. Editor: issues, articles, editors, indexing, documents and DOIs. Work-log: the work-log only.</small>
      </div>
      <SubmitButton busy={busy} />
      <FormError message={problem || error} />
    </InlineForm>
  );
}
