import { CalendarPlus, Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  calendarFeedMessages as m,
  googleCalendarSubscribeUrl,
  webcalFeedUrl,
} from '@shared/marketplace/calendar-feed';
import { Button, buttonClass } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useCalendarFeed } from '../api/calendar-feed';
import { useReplaceCalendarFeed } from '../api/replace-calendar-feed';

/**
 * The private calendar link: shown read-only, copied with one click, added to Google Calendar or
 * handed to the device's calendar app (webcal) in a new tab, replaced after a warning
 * that the old link stops working; with short help for Google, Apple and Outlook calendars.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const replace = useReplaceCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const noteId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(m.copied);
    } catch {
      toast.error(m.copyFailed);
    }
  };

  const confirmReplace = () =>
    replace.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(m.replaced);
      },
      onError: () => {
        setConfirming(false);
        toast.error(m.replaceFailed);
      },
    });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {m.title}
      </h2>
      <p className="mt-1 text-slate-700">{m.intro}</p>
      <div className="mt-4">
        <QueryState query={feed} failed={m.loadFailed} loadingText="Loading your calendar link…">
          {(data) => (
            <div className="space-y-3">
              <div>
                <label htmlFor={inputId} className="block font-medium text-ink">
                  {m.urlLabel}
                </label>
                <input
                  id={inputId}
                  type="text"
                  readOnly
                  value={data.url}
                  aria-describedby={noteId}
                  onFocus={(event) => event.currentTarget.select()}
                  className="mt-1 w-full rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm text-ink"
                />
                <p id={noteId} className="mt-1 text-sm text-slate-700">
                  {m.privateNote}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void copy(data.url)}>
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  {m.copy}
                </Button>
                <a
                  href={googleCalendarSubscribeUrl(data.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary')}
                >
                  <CalendarPlus className="h-4 w-4" aria-hidden="true" />
                  {m.addToGoogle}
                  <span className="sr-only"> {m.opensInNewTab}</span>
                </a>
                <a
                  href={webcalFeedUrl(data.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary')}
                >
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  {m.subscribeWebcal}
                  <span className="sr-only"> {m.opensInNewTab}</span>
                </a>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <RefreshCw className="h-4 w-4" aria-hidden="true" />
                  {m.replace}
                </Button>
              </div>
            </div>
          )}
        </QueryState>
      </div>
      <details className="mt-4 rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer font-medium text-ink">
          How to subscribe in your calendar app
        </summary>
        <dl className="mt-3 space-y-2">
          {m.help.map((item) => (
            <div key={item.app}>
              <dt className="font-semibold text-ink">{item.app}</dt>
              <dd className="text-slate-700">{item.steps}</dd>
            </div>
          ))}
        </dl>
      </details>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={m.replaceTitle}
        description={m.replaceBody}
        confirmLabel={m.replaceConfirm}
        onConfirm={confirmReplace}
        pending={replace.isPending}
      />
    </section>
  );
}
