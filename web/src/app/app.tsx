import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { publicRoutes } from '@/features/public/routes';
import { adminRoutes } from '@/features/admin/routes';
import { worklogRoutes } from '@/features/worklog/routes';
import { ErrorScreen } from './error-screen';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter([
  { errorElement: <ErrorScreen />, children: [...publicRoutes, ...adminRoutes, ...worklogRoutes] },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
