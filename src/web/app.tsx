import { AppErrorBoundary } from './components/error-boundary';
import { ScrollToTop } from './components/scroll-to-top';
import { AppRoutes } from './app-routes';

export function App() {
  return (
    <AppErrorBoundary>
      <ScrollToTop />
      <AppRoutes />
    </AppErrorBoundary>
  );
}
