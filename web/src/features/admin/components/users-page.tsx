import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { staffCreateSchema, type StaffUserView } from '@journal/contracts';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { FormError, QueryStates } from '@/components/status';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { useFlash } from './flash';
import { BackToDashboard, InlineForm, SubmitButton } from './inline-form';
import { firstProblem } from '@/lib/form-errors';

function AddUser({ onDone }: { onDone: () => void }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const add = useMutation({
    mutationFn: adminApi.addStaff,
    onSuccess: async (u) => {
      await invalidateAfterSave(qc, staleAfterSaving.staff());
      flash(`User ${u.name} added`);
      onDone();
    },
    onError: showFailure(setError),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffCreateSchema.safeParse({ name, password });
    if (!parsed.success) {
      setError(firstProblem(parsed.error));
      return;
    }
    setError('');
    add.mutate(parsed.data);
  }
  return (
    <InlineForm label="Add user" onSubmit={submit} onClose={onDone}>
      <div className="field">
        <label htmlFor="staff-name">Username</label>
        <input id="staff-name" name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="staff-password">Password</label>
        <input id="staff-password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <small className="hint">At least 8 characters; not a common password; not the user name.</small>
      </div>
      <SubmitButton busy={add.isPending} />
      <FormError message={error} />
    </InlineForm>
  );
}

function ResetPassword({ user, onDone }: { user: StaffUserView; onDone: () => void }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const reset = useMutation({
    mutationFn: () => adminApi.resetStaffPassword(user.id, password),
    onSuccess: () => {
      flash(`Password of ${user.name} reset; their sessions have ended`);
      onDone();
    },
    onError: showFailure(setError),
  });
  return (
    <form
      className="inline-form"
      noValidate
      aria-label={`Reset the password of ${user.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!password) setError('Password is required');
        else reset.mutate();
      }}
    >
      <div className="field">
        <label htmlFor={`reset-${user.id}`}>New password for {user.name}</label>
        <input id={`reset-${user.id}`} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
        Reset
      </button>
      <button type="button" className="btn" onClick={onDone}>
        Cancel
      </button>
      <FormError message={error} />
    </form>
  );
}

/** /admin/users: the journal's staff accounts (list, add, disable or enable, reset password). */
export function UsersPage() {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const me = getSession()?.user.id;
  const q = useQuery({ queryKey: adminKeys.staff(), queryFn: adminApi.staff });
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<string | null>(null);
  const status = useMutation({
    mutationFn: (u: StaffUserView) => adminApi.setStaffStatus(u.id, u.status === 'enabled' ? 'disabled' : 'enabled'),
    onSuccess: async (u) => {
      await invalidateAfterSave(qc, staleAfterSaving.staff());
      flash(`User ${u.name} ${u.status}`);
    },
    onError: showFailure(flash),
  });

  return (
    <section>
      <BackToDashboard />
      <PageHead title="Users" onAdd={() => setAdding(true)} />
      {adding && <AddUser onDone={() => setAdding(false)} />}
      <QueryStates query={q} failed="Could not load the users." isEmpty={q.data?.length === 0} empty="No users yet." />
      {q.data && q.data.length > 0 && (
        <AdminTable className="users-table" columns={['Username', 'Status', 'Added by', 'Last changed by', 'Actions']}>
          {q.data.map((u) => (
            <tr key={u.id} data-name={u.name}>
              <td>
                {u.name}
                {u.id === me && <span className="muted"> (you)</span>}
              </td>
              <td>{u.status === 'enabled' ? 'Enabled' : 'Disabled'}</td>
              <td>{u.createdby || '—'}</td>
              <td>{u.modifiedby || '—'}</td>
              <td>
                {u.id !== me && (
                  <div className="row-actions">
                    <button type="button" className="btn" disabled={status.isPending} onClick={() => status.mutate(u)}>
                      {u.status === 'enabled' ? 'Disable' : 'Enable'}
                    </button>
                    <button type="button" className="btn" onClick={() => setResetting(u.id)}>
                      Reset password
                    </button>
                  </div>
                )}
                {u.id === me && <Link to={paths.admin.account(u.id)}>Account</Link>}
                {resetting === u.id && <ResetPassword user={u} onDone={() => setResetting(null)} />}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
