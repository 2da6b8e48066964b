import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LoginForm } from '@/components/login-form';

/** docs/product.md#worklog: the admin's login form; success goes to /webdata. */
export function WorklogLogin() {
  const navigate = useNavigate();
  return (
    <main className="worklog worklog-login">
      <LoginForm onSuccess={() => navigate(paths.webdata.root, { replace: true })} />
    </main>
  );
}
