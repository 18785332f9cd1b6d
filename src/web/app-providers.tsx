import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from './lib/query-client';

/** Server-state cache and toasts for the interactive pages (forms and portals). */
export default function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster position="top-center" closeButton />
    </QueryClientProvider>
  );
}
