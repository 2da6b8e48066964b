import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { authApi, useVerifiedSession } from '@/lib/auth';
import { roleOpens } from '@journal/contracts/roles';
import { clearSession, getSession, sessionRole } from '@/lib/session';

/**
 * docs/product.md#worklog: work-log shell: no stored session goes to /webdata/login; a session the server does not
 * verify is cleared and the browser goes to '/'; otherwise the top bar and the page.
 */
export function WorklogShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const check = useVerifiedSession();
  const [text, setText] = useState(params.get('search') ?? '');
  // The box shows the search the list shows: a filter or "All Entries" (no search) empties it.
  const searched = params.get('search') ?? '';
  useEffect(() => setText(searched), [searched]);
  // Inside the work-log a 401 (session ended elsewhere) is only logged and leads to its own
  // login page, not the admin's alert.
  const client = useMemo(
    () =>
      createApiClient({
        onUnauthorized: () => {
          console.error('worklog: session is no longer valid');
          clearSession();
          navigate(paths.webdata.login, { replace: true });
        },
      }),
    [navigate],
  );
  const failed = check.state === 'failed' ? check.error : null;

  useEffect(() => {
    if (failed) console.error('worklog: session verification failed', failed);
  }, [failed]);

  if (check.state === 'none') return <Navigate to={paths.webdata.login} replace />;
  if (check.state === 'failed') return <Navigate to={paths.home} replace />;
  if (check.state === 'checking') return <p className="worklog-loading">Loading...</p>;

  const session = getSession();
  if (!session) return <Navigate to={paths.webdata.login} replace />;

  function search(e: FormEvent) {
    e.preventDefault();
    const onList = location.pathname !== paths.webdata.add;
    const q = text.trim();
    navigate({ pathname: onList ? location.pathname : paths.webdata.root, search: q ? `?search=${encodeURIComponent(q)}` : '' });
  }

  function doLogout() {
    // Revoke server-side too, without making the user wait for it.
    void authApi(client).logout();
    clearSession();
    navigate(paths.webdata.login, { replace: true });
  }

  return (
    <div className="worklog">
      {/* Inside the banner: every piece of content sits in a landmark, and the main region starts with its own. */}
      <header className="worklog-topbar">
        <h1 className="worklog-title">Work-log</h1>
        <Link to={paths.webdata.root} className="worklog-home">
          Home
        </Link>
        <form className="worklog-search" role="search" onSubmit={search}>
          <input type="text" name="search" placeholder="Search..." aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" aria-label="Search entries">
            Search
          </button>
        </form>
        <span className="worklog-user">User: {session.user.name}</span>
        <button type="button" className="worklog-logout" onClick={doLogout}>
          Logout
        </button>
      </header>
      <main className="worklog-main">
        {/* docs/product.md#roles: an editor's session is not refused, the work-log is just not theirs. */}
        {roleOpens(sessionRole(session), 'worklog') ? (
          <ApiClientProvider client={client}>
            <Outlet />
          </ApiClientProvider>
        ) : (
          <p className="worklog-error" role="alert">
            The work-log is not open to your role. <a href={paths.admin.root}>Go to the admin</a>
          </p>
        )}
      </main>
    </div>
  );
}
