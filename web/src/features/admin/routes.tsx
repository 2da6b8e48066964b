import { Navigate, useNavigate, type RouteObject } from 'react-router-dom';
import { LoginForm } from '@/features/auth/components/login-form';
import { getSession } from '@/lib/session';

function AdminLogin() {
  const navigate = useNavigate();
  if (getSession()) return <Navigate to="/admin" replace />;
  return (
    <main className="admin-login">
      <LoginForm title="Admin Login" onSuccess={() => navigate('/admin', { replace: true })} />
    </main>
  );
}

/** Admin routes (spec §2); the admin work extends this. */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/login', element: <AdminLogin /> },
  { path: '/admin', element: getSession() ? <main><h1>Dashboard</h1></main> : <Navigate to="/admin/login" replace /> },
];
