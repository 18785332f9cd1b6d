import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { connectionMessages } from '@shared/messages';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is offline (never on the server's render). */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
}

/**
 * A bar at the top of every interactive page while the browser is offline; actions tried
 * meanwhile fail at once with the network message (see lib/query-client). The status region is
 * always in the page, so its text is announced when it appears.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status" className={offline ? 'sticky top-0 z-50' : 'sr-only'}>
      {offline ? (
        <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 shadow">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
          {connectionMessages.offline}
        </p>
      ) : null}
    </div>
  );
}
