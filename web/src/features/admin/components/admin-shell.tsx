import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, Outlet, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { logout, verifyToken } from '@/features/auth/api/auth.api';
import { ApiError } from '@/lib/api-client';
import { clearSession, getSession, setSession } from '@/lib/session';
import { FlashProvider } from './flash';

type Check = 'checking' | 'ok' | 'failed';

/**
 * docs/product.md#admin-area: admin shell: the token is verified on load (anything but a valid answer returns to the
 * login page), then the top bar and the page render.
 */
export function AdminShell() {
  const navigate = useNavigate();
  const session = getSession();
  const [check, setCheck] = useState<Check>(session ? 'checking' : 'failed');
  const [q, setQ] = useState('');

  useEffect(() => {
    if (!session) return;
    let alive = true;
    verifyToken().then(
      (r) => {
        if (!alive) return;
        // The server's name is the truth (the account page may have renamed the user elsewhere).
        if (r?.user?.name && r.user.name !== session.user.name) setSession({ ...session, user: { ...session.user, name: r.user.name } });
        setCheck('ok');
      },
      (err) => {
        if (!alive) return;
        clearSession();
        if (err instanceof ApiError && err.status === 401) window.alert('Session expired. Please login again.');
        setCheck('failed');
      },
    );
    return () => {
      alive = false;
    };
    // Verification runs once per load of the shell.
  }, []);

  if (check === 'failed') return <Navigate to={paths.admin.login} replace />;
  if (check === 'checking') return <p className="admin-loading">Loading...</p>;

  const user = getSession()?.user;

  function search(e: FormEvent) {
    e.preventDefault();
    navigate(paths.admin.search(q.trim()));
  }

  async function doLogout() {
    await logout();
    clearSession();
    navigate(paths.admin.login, { replace: true });
  }

  return (
    <FlashProvider>
      <div className="admin">
        <header className="admin-topbar">
          <nav className="admin-nav">
            <Link to={paths.admin.root}>Home</Link>
          </nav>
          <form className="admin-search" role="search" onSubmit={search}>
            <input type="search" name="q" placeholder="Search..." aria-label="Search articles" value={q} onChange={(e) => setQ(e.target.value)} />
            <button type="submit" className="btn">Search</button>
          </form>
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
      </div>
    </FlashProvider>
  );
}
