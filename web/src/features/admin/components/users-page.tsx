import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { roleLabels, staffRoleSchema, type StaffRole, type StaffUserView } from '@journal/contracts';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { FormError, QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { showFailure } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { useFlash } from './flash';
import { BackToDashboard } from './inline-form';
import { useReauth } from './reauth-prompt';
import { RoleOptions, StaffForm } from './staff-form';

function AddUser({ onDone }: { onDone: () => void }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
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
  return <StaffForm onSubmit={(input) => add.mutate(input)} onClose={onDone} busy={add.isPending} error={error} />;
}

function ResetPassword({ user, onDone, guard }: { user: StaffUserView; onDone: () => void; guard: ReturnType<typeof useReauth>['guard'] }) {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const reset = useMutation({
    mutationFn: () => guard(() => adminApi.resetStaffPassword(user.id, password), `reset the password of ${user.name}`),
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

/**
 * /admin/users: the journal's staff accounts (list, add, role, disable or enable, reset password);
 * managers only. Role changes, disabling and password resets ask for the password again when the
 * server wants it.
 */
export function UsersPage() {
  const adminApi = useAdminApi();
  const flash = useFlash();
  const qc = useQueryClient();
  const me = getSession()?.user.id;
  const q = useQuery({ queryKey: adminKeys.staff(), queryFn: adminApi.staff });
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<string | null>(null);
  const { guard, prompt } = useReauth();
  const status = useMutation({
    mutationFn: (u: StaffUserView) =>
      guard(() => adminApi.setStaffStatus(u.id, u.status === 'enabled' ? 'disabled' : 'enabled'), `${u.status === 'enabled' ? 'disable' : 'enable'} ${u.name}`),
    onSuccess: async (u) => {
      await invalidateAfterSave(qc, staleAfterSaving.staff());
      flash(`User ${u.name} ${u.status}`);
    },
    onError: showFailure(flash),
  });
  const role = useMutation({
    mutationFn: ({ u, to }: { u: StaffUserView; to: StaffRole }) => guard(() => adminApi.setStaffRole(u.id, to), `make ${u.name} ${roleLabels[to]}`),
    onSuccess: async (u) => {
      await invalidateAfterSave(qc, staleAfterSaving.staff());
      flash(`User ${u.name} is now ${roleLabels[u.role]}; their sessions have ended`);
    },
    onError: async (err) => {
      // The select shows the stored role again.
      await invalidateAfterSave(qc, staleAfterSaving.staff());
      showFailure(flash)(err);
    },
  });

  return (
    <section>
      <BackToDashboard />
      <PageHead title="Users" onAdd={() => setAdding(true)} />
      {adding && <AddUser onDone={() => setAdding(false)} />}
      {prompt}
      <QueryStates query={q} failed="Could not load the users." isEmpty={q.data?.length === 0} empty="No users yet." />
      {q.data && q.data.length > 0 && (
        <AdminTable className="users-table" columns={['Username', 'Role', 'Status', 'Added by', 'Last changed by', 'Actions']}>
          {q.data.map((u) => (
            <tr key={u.id} data-name={u.name}>
              <td>
                {u.name}
                {u.id === me && <span className="muted"> (you)</span>}
              </td>
              <td>
                {u.id === me ? (
                  roleLabels[u.role]
                ) : (
                  <select
                    aria-label={`Role of ${u.name}`}
                    value={u.role}
                    disabled={role.isPending}
                    onChange={(e) => {
                      const to = staffRoleSchema.safeParse(e.target.value);
                      if (to.success && to.data !== u.role) role.mutate({ u, to: to.data });
                    }}
                  >
                    <RoleOptions />
                  </select>
                )}
              </td>
              <td>
                {u.status === 'enabled' ? 'Enabled' : 'Disabled'}
                {u.status === 'disabled' && u.disabledByOperator && <span className="muted"> (by the operator)</span>}
              </td>
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
                {resetting === u.id && <ResetPassword user={u} guard={guard} onDone={() => setResetting(null)} />}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
