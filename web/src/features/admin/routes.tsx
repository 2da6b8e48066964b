import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LoginForm } from '@/components/login-form';
import { getSession } from '@/lib/session';
import { AccountPage } from './components/account-page';
import { AdminShell } from './components/admin-shell';
import { AddArticlePage, EditArticlePage } from './components/article-pages';
import { ArchivesPage } from './components/archives-page';
import { Dashboard } from './components/dashboard';
import { EditorFormPage } from './components/editor-form';
import { EditorsPage } from './components/editors-page';
import { IssueArticlesPage } from './components/issue-articles-page';
import { AdminNotFound, AdminSearchPage } from './components/search-page';
import { SettingsPage } from './components/settings-page';
import { IndexingPage } from './components/indexing-page';
import { UsersPage } from './components/users-page';
import { ActivityPage } from './components/activity-page';
import { UsageReportsPage } from './components/usage-reports-page';
import { RoleGate } from './components/role-gate';
import { SubmissionsPage } from './components/submissions-page';
import { SubmissionDetailPage } from './components/submission-detail';
import { ReviewersPage } from './components/reviewers-page';
import { ReviewerPage } from './components/reviewer-page';
import '@/components/staff-shell.css';
import './admin.css';

/** docs/product.md#admin-area: an already-authenticated user is sent on to /admin. */
function AdminLogin() {
  const navigate = useNavigate();
  if (getSession()) return <Navigate to={paths.admin.root} replace />;
  return (
    <main className="admin admin-login">
      <LoginForm title="Admin Login" onSuccess={() => navigate(paths.admin.root, { replace: true })} />
    </main>
  );
}

/** Admin routes (docs/product.md#admin-area). */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/login', element: <AdminLogin /> },
  { path: '/admin/not-found', element: <AdminNotFound /> },
  {
    path: '/admin',
    element: <AdminShell />,
    children: [
      { index: true, element: <Dashboard /> },
      { path: 'archives', element: <RoleGate area="content"><ArchivesPage /></RoleGate> },
      { path: 'archives/add/:year/:vol/:issue', element: <RoleGate area="content"><AddArticlePage /></RoleGate> },
      { path: 'archives/:year/:vol/:issue', element: <RoleGate area="content"><IssueArticlesPage /></RoleGate> },
      { path: 'archives/:id', element: <RoleGate area="content"><EditArticlePage /></RoleGate> },
      { path: 'editors', element: <RoleGate area="content"><EditorsPage /></RoleGate> },
      { path: 'editors/add', element: <RoleGate area="content"><EditorFormPage /></RoleGate> },
      { path: 'editors/:id', element: <RoleGate area="content"><EditorFormPage /></RoleGate> },
      { path: 'settings', element: <RoleGate area="settings"><SettingsPage /></RoleGate> },
      { path: 'indexing', element: <RoleGate area="content"><IndexingPage /></RoleGate> },
      { path: 'users', element: <RoleGate area="staff"><UsersPage /></RoleGate> },
      { path: 'activity', element: <RoleGate area="activity"><ActivityPage /></RoleGate> },
      { path: 'submissions', element: <RoleGate area="content"><SubmissionsPage /></RoleGate> },
      { path: 'submissions/:id', element: <RoleGate area="content"><SubmissionDetailPage /></RoleGate> },
      { path: 'reviewers', element: <RoleGate area="content"><ReviewersPage /></RoleGate> },
      { path: 'reviewers/:id', element: <RoleGate area="content"><ReviewerPage /></RoleGate> },
      { path: 'usage', element: <RoleGate area="content"><UsageReportsPage /></RoleGate> },
      { path: 'account/:id', element: <AccountPage /> },
      { path: 'search', element: <RoleGate area="content"><AdminSearchPage /></RoleGate> },
      { path: '*', element: <Navigate to={paths.admin.notFound} replace /> },
    ],
  },
];
