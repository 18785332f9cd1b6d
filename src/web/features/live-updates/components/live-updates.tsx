import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_UPDATES_PATH, liveTopics } from '@shared/live-updates';
import { goToLoginAfterSessionEnded } from '@web/lib/return-path';
import { staleQueriesOf, type LiveSide } from '../api/live-topics';

/**
 * Keeps the portal's pages current (decision record 027): one server-sent events stream per
 * tab, opened once the page has loaded; each event asks again the queries it names. When the
 * stream is lost the browser opens it again by itself, and everything is asked again once it is
 * back (changes meanwhile were not heard). The pages' own polling stays as the fallback, and a
 * session that ended is found by them (the stream is refused and not reopened). While the stream
 * is open the page's root element carries data-live-updates="on" (browser tests wait for it).
 */
export function LiveUpdates({ side }: { side: LiveSide }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let opened = false;
    const refresh = (keys: ReturnType<typeof staleQueriesOf>) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const root = document.documentElement;
    const open = () => {
      source = new EventSource(LIVE_UPDATES_PATH);
      source.addEventListener('error', () => {
        root.dataset.liveUpdates = 'off';
      });
      for (const topic of liveTopics) {
        source.addEventListener(topic, () => {
          if (topic === 'signed-out') {
            // Signed out elsewhere: to the login at once, as any refused request does.
            source?.close();
            goToLoginAfterSessionEnded();
            return;
          }
          if (topic === 'ready') {
            root.dataset.liveUpdates = 'on';
            // The first 'ready' finds the page just loaded; a later one follows a lost stream.
            if (opened) refresh(staleQueriesOf(topic, side));
            opened = true;
            return;
          }
          refresh(staleQueriesOf(topic, side));
        });
      }
    };
    // After the page's own requests: the stream never competes with what the page shows first.
    const start = window.setTimeout(open, 1000);
    return () => {
      window.clearTimeout(start);
      source?.close();
      delete root.dataset.liveUpdates;
    };
  }, [queryClient, side]);
  return null;
}
