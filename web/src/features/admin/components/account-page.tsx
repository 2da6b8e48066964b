import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { userUpdateSchema } from '@journal/contracts';
import { getSession, setSession } from '@/lib/session';
import { FormError, QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { ApiError } from '@/lib/api-client';
import { useFlash } from './flash';
import { BackToDashboard } from './inline-form';
import { problemsByField } from '@/lib/form-errors';

type Field = 'name' | 'password' | 'currentPassword';
/** The field a refusal of the service is about (docs/product.md#api), so that field is the one highlighted. */
const FIELD_OF_CODE: Record<string, Field> = {
  duplicate_username: 'name',
  current_password_required: 'currentPassword',
  wrong_current_password: 'currentPassword',
};

function fieldOf(err: unknown): Field | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const path = err.details[0]?.path;
  if (path === 'name' || path === 'password' || path === 'currentPassword') return path;
  return FIELD_OF_CODE[err.code];
}

/** docs/product.md#admin-area: /admin/account/:id: username and new password. */
export function AccountPage() {
  const adminApi = useAdminApi();
  const { id = '' } = useParams();
  const flash = useFlash();
  const q = useQuery({ queryKey: adminKeys.user(id), queryFn: () => adminApi.user(id) });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  useEffect(() => {
    if (q.data) setName(q.data.name);
  }, [q.data]);

  const save = useMutation({
    mutationFn: (body: { name: string; password?: string; currentPassword?: string }) => adminApi.updateUser(id, body),
    onSuccess: (r) => {
      const s = getSession();
      // A new password ends the other sessions; the answer carries this one's fresh token.
      if (s) setSession({ token: r.token ?? s.token, user: { ...s.user, id: r.user?.id ?? s.user.id, name: r.user?.name ?? name } });
      setPassword('');
      setCurrentPassword('');
      flash('User updated successfully');
    },
    // The server's own message says what to fix, under the field it is about (taken name, weak or
    // missing current password); anything else goes above the button.
    onError: (err) => {
      const m = failureMessage(err);
      if (!m) return;
      const f = fieldOf(err);
      if (f) setErrors({ [f]: m });
      else setFormError(m);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const parsed = userUpdateSchema.safeParse({ name, password, currentPassword });
    if (!parsed.success) {
      setErrors(problemsByField(parsed.error));
      return;
    }
    if (parsed.data.password && !parsed.data.currentPassword) {
      setErrors({ currentPassword: 'Enter your current password to set a new one' });
      return;
    }
    setErrors({});
    save.mutate({
      name: parsed.data.name,
      ...(parsed.data.password ? { password: parsed.data.password, currentPassword: parsed.data.currentPassword } : {}),
    });
  }

  const problemProps = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `account-${f}-error` } : {});
  const problem = (field: Field) =>
    errors[field] ? (
      <span className="field-error" id={`account-${field}-error`} role="alert">
        {errors[field]}
      </span>
    ) : null;

  return (
    <section>
      <BackToDashboard />
      <h1>Account</h1>
      <QueryStates query={q} failed="Not Found!" />
      {q.data && (
        <form className="account-form" onSubmit={submit} noValidate aria-label="Account">
          <div className={errors.name ? 'field invalid' : 'field'}>
            <label htmlFor="account-name">Username</label>
            <input id="account-name" name="name" autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} {...problemProps('name')} />
            {problem('name')}
          </div>
          <div className={errors.password ? 'field invalid' : 'field'}>
            <label htmlFor="account-password">New Password</label>
            <input id="account-password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} {...problemProps('password')} />
            <small className="hint">Leave empty to keep the current password.</small>
            {problem('password')}
          </div>
          {password && (
            <div className={errors.currentPassword ? 'field invalid' : 'field'}>
              <label htmlFor="account-current-password">Current Password</label>
              <input
                id="account-current-password" name="currentPassword" type="password" autoComplete="current-password"
                value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} {...problemProps('currentPassword')}
              />
              {problem('currentPassword')}
            </div>
          )}
          <FormError message={formError} />
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Submit
          </button>
        </form>
      )}
    </section>
  );
}
