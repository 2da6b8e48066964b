import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { roleOpens } from '@journal/contracts';
import { paths } from '@/config/paths';
import { sessionRole } from '@/lib/session';
import { useAdminApi } from '../api/admin.api';
import { adminKeys } from '../api/keys';
import { RefusedNotice } from './role-gate';

/**
 * docs/product.md#admin-area: /admin: tiles for Archives and Editors with their counts, and the
 * other areas; each role sees only the tiles of what it may open (docs/product.md#roles).
 */
export function Dashboard() {
  const role = sessionRole();
  if (!roleOpens(role, 'content')) return <WorklogOnly />;
  return <ContentDashboard manager={roleOpens(role, 'settings')} activity={roleOpens(role, 'activity')} worklog={roleOpens(role, 'worklog')} />;
}

/** A work-log user's dashboard: the one tile, to the work-log (an app of its own). */
function WorklogOnly() {
  return (
    <section>
      <h1>Dashboard</h1>
      <RefusedNotice />
      <div className="tiles">
        <a href={paths.webdata.root} className="tile tile-plain" data-testid="tile-worklog">
          <span className="tile-title">Work-log</span>
        </a>
      </div>
    </section>
  );
}

function ContentDashboard({ manager, activity, worklog }: { manager: boolean; activity: boolean; worklog: boolean }) {
  const adminApi = useAdminApi();
  const q = useQuery({ queryKey: adminKeys.counts(), queryFn: adminApi.counts });
  const value = (n: number | undefined) => (q.isLoading ? '…' : q.isError ? '-' : (n ?? 0));
  return (
    <section>
      <h1>Dashboard</h1>
      <RefusedNotice />
      {q.isError && <p className="admin-error">Could not load the counts.</p>}
      <div className="tiles">
        <Link to={paths.admin.archives} className="tile" data-testid="tile-archives">
          <span className="tile-title">Archives</span>
          <span className="tile-count">{value(q.data?.archives)}</span>
        </Link>
        <Link to={paths.admin.editors} className="tile" data-testid="tile-editors">
          <span className="tile-title">Editors</span>
          <span className="tile-count">{value(q.data?.editors)}</span>
        </Link>
        {manager && (
          <Link to={paths.admin.settings} className="tile tile-plain" data-testid="tile-settings">
            <span className="tile-title">Settings</span>
          </Link>
        )}
        <Link to={paths.admin.reviewers} className="tile tile-plain" data-testid="tile-reviewers">
          <span className="tile-title">Reviewers</span>
        </Link>
        <Link to={paths.admin.indexing} className="tile tile-plain">
          <span className="tile-title">Indexing</span>
        </Link>
        {manager && (
          <Link to={paths.admin.users} className="tile tile-plain" data-testid="tile-users">
            <span className="tile-title">Users</span>
          </Link>
        )}
        {activity && (
          <Link to={paths.admin.activity} className="tile tile-plain" data-testid="tile-activity">
            <span className="tile-title">Activity log</span>
          </Link>
        )}
        {worklog && (
          // The work-log is an app of its own: a page load, not a route of this one.
          <a href={paths.webdata.root} className="tile tile-plain" data-testid="tile-worklog">
            <span className="tile-title">Work-log</span>
          </a>
        )}
      </div>
    </section>
  );
}
