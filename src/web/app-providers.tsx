import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { OfflineBanner } from './components/offline-banner';
import { queryClient } from './lib/query-client';

/** Server-state cache, toasts and the offline banner for the interactive pages (forms and portals). */
export default function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <Outlet />
      <Toaster position="top-center" closeButton />
    </QueryClientProvider>
  );
}
