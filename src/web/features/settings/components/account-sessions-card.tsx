import { formatMoment } from '@shared/date-format';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { accountSecurityMessages as m } from '@shared/account-security';
import type { AccountSessionView } from '@shared/account-replies';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import {
  useAccountSessions,
  useEndAccountSession,
  useEndOtherAccountSessions,
} from '../api/account-sessions';

const when = formatMoment;

function DeviceIcon({ type }: { type: string | null }) {
  const Icon = type === 'Mobile' ? Smartphone : type === 'Tablet' ? Tablet : Monitor;
  return <Icon className="mt-1 h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />;
}

function SessionItem({
  item,
  onEnd,
  ending,
}: {
  item: AccountSessionView;
  onEnd: () => void;
  ending: boolean;
}) {
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0"
    >
      <div className="flex gap-3">
        <DeviceIcon type={item.deviceType} />
        <div>
          <p id={nameId} className="font-semibold text-ink">
            {item.device}
            {item.current ? (
              <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800">
                {m.thisDevice}
              </span>
            ) : null}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
            <dt>{m.ipAddress}</dt>
            <dd>{item.ipAddress ?? m.unknownAddress}</dd>
            <dt>{m.signedInAt}</dt>
            <dd>{when(item.signedInAt)}</dd>
            <dt>{m.lastActive}</dt>
            <dd>{when(item.lastActiveAt)}</dd>
          </dl>
        </div>
      </div>
      {item.current ? null : (
        <Button
          variant="secondary"
          onClick={onEnd}
          disabled={ending}
          aria-label={`${m.endSession}: ${item.device}, signed in ${when(item.signedInAt)}`}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {m.endSession}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in; any other session can be signed out, one or all at once. */
export function AccountSessionsCard() {
  const sessions = useAccountSessions();
  const endOne = useEndAccountSession();
  const endOthers = useEndOtherAccountSessions();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  const end = (id: string) =>
    endOne.mutate(id, {
      onSuccess: () => toast.success(m.sessionEnded),
      onError: () => toast.error(m.endFailed),
    });
  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(m.otherSessionsEnded);
      },
      onError: () => {
        setConfirming(false);
        toast.error(m.endFailed);
      },
    });

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((item) => !item.current);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {m.sessionsTitle}
      </h2>
      <p className="mt-1 text-slate-700">{m.sessionsIntro}</p>
      <div className="mt-4">
        <QueryState query={sessions} failed={m.loadFailed} loadingText="Loading your sessions…">
          {() => (
            <div className="space-y-4">
              <ul aria-labelledby={headingId} className="divide-y divide-slate-200">
                {list.map((item) => (
                  <SessionItem
                    key={item.id}
                    item={item}
                    onEnd={() => end(item.id)}
                    ending={endOne.isPending && endOne.variables === item.id}
                  />
                ))}
              </ul>
              {others.length > 0 ? (
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <LogOut className="h-4 w-4" aria-hidden="true" />
                  {m.endOthers}
                </Button>
              ) : (
                <p className="text-slate-700">{m.noOtherSessions}</p>
              )}
            </div>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={m.endOthersTitle}
        description={m.endOthersBody}
        confirmLabel={m.endOthersConfirm}
        cancelLabel={m.cancel}
        onConfirm={confirmEndOthers}
        pending={endOthers.isPending}
      />
    </section>
  );
}
