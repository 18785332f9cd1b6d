import { lazy, useCallback, useState, type ComponentProps, type ComponentType } from 'react';
import { genericErrors } from '@shared/messages';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for the app's page, section and dialog chunks that survives a lost connection: a
 * chunk that cannot be fetched (offline) shows the network message with 'Try again' in its place
 * (which fetches it again and shows it), instead of the whole app falling to its error screen.
 */
export function lazyChunk<T extends AnyComponent>(load: () => Promise<{ default: T }>) {
  const loadOnline = () => (knownOffline() ? Promise.reject(new Error('offline')) : load());
  return lazy(() =>
    loadOnline().catch(() => ({ default: chunkRetry(loadOnline) as unknown as T })),
  );
}

/**
 * While the browser knows it is offline no chunk is asked for. In Chromium a chunk's imports that
 * failed to load stayed failed for the page, so a dialog asked for offline could not be opened
 * with 'Try again' once the connection was back (e2e/offline-and-session.spec.ts caught it once
 * dialogs imported chunks the first screen had not loaded, such as zod's: decision record 036).
 */
function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Whether the site answers now. Chromium keeps a module that failed to load as failed for the
 * rest of the document's life (from Chromium 150 on), so when the site answers but the chunk still
 * cannot be imported, only loading the page again can show it.
 */
async function siteAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

function chunkRetry<T extends AnyComponent>(load: () => Promise<{ default: T }>) {
  return function ChunkRetry(props: ComponentProps<T>) {
    const [Loaded, setLoaded] = useState<T | null>(null);
    const [trying, setTrying] = useState(false);
    const retry = useCallback(() => {
      setTrying(true);
      load()
        .then((module) => setLoaded(() => module.default))
        .catch(async () => {
          if (!knownOffline() && (await siteAnswers())) window.location.reload();
          else setTrying(false);
        });
    }, []);
    if (Loaded) {
      const Component = Loaded as AnyComponent;
      return <Component {...props} />;
    }
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <span>{genericErrors.network}</span>
        <button
          type="button"
          onClick={retry}
          disabled={trying}
          className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-100"
        >
          Try again
        </button>
      </div>
    );
  };
}
