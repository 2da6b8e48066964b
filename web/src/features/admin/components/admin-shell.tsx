import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, Outlet, useNavigate } from 'react-router-dom';
import { roleOpens } from '@journal/contracts';
import { paths } from '@/config/paths';
import { ApiError, useApiClient } from '@/lib/api-client';
import { authApi, useVerifiedSession } from '@/lib/auth';
import { clearSession, getSession, sessionRole } from '@/lib/session';
import { FlashProvider } from './flash';
import { PublishStatus } from './publish-status';

/**
 * docs/product.md#admin-area: admin shell: the token is verified on load (anything but a valid answer returns to the
 * login page), then the top bar and the page render.
 */
export function AdminShell() {
  const navigate = useNavigate();
  const client = useApiClient();
  const check = useVerifiedSession();
  const [q, setQ] = useState('');
  const expired = check.state === 'failed' && check.error instanceof ApiError && check.error.status === 401;

  useEffect(() => {
    if (expired) window.alert('Session expired. Please login again.');
  }, [expired]);

  if (check.state === 'none' || check.state === 'failed') return <Navigate to={paths.admin.login} replace />;
  if (check.state === 'checking') return <p className="admin-loading">Loading...</p>;

  // The account page may rename the user after verification: storage has the latest name.
  const user = getSession()?.user ?? check.session.user;
  // docs/product.md#roles: the menus show only what the role opens.
  const role = sessionRole(getSession() ?? check.session);

  function search(e: FormEvent) {
    e.preventDefault();
    navigate(paths.admin.search(q.trim()));
  }

  async function doLogout() {
    await authApi(client).logout();
    clearSession();
    navigate(paths.admin.login, { replace: true });
  }

  return (
    <FlashProvider>
      <div className="admin">
        <header className="admin-topbar">
          <nav className="admin-nav">
            <Link to={paths.admin.root}>Home</Link>
            {roleOpens(role, 'content') && <Link to={paths.admin.submissions}>Submissions</Link>}
            {roleOpens(role, 'content') && <Link to={paths.admin.reviewers}>Reviewers</Link>}
            {!roleOpens(role, 'content') && roleOpens(role, 'worklog') && <a href={paths.webdata.root}>Work-log</a>}
          </nav>
          {roleOpens(role, 'content') && (
            <form className="admin-search" role="search" onSubmit={search}>
              <input type="search" name="q" placeholder="Search..." aria-label="Search articles" value={q} onChange={(e) => setQ(e.target.value)} />
              <button type="submit" className="btn">Search</button>
            </form>
          )}
          <div className="admin-user">
            {user && (
              <Link to={paths.admin.account(user.id)} className="admin-username" title="Account">
                {user.name}
              </Link>
            )}
            <a href={paths.home} target="_blank" rel="noreferrer">
              Site
            </a>
            <button type="button" className="btn btn-link" onClick={doLogout}>
              Logout
            </button>
          </div>
        </header>
        <main className="admin-main">
          <Outlet />
        </main>
        {roleOpens(role, 'content') && <PublishStatus />}
      </div>
    </FlashProvider>
  );
}
