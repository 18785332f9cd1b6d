import { SettingsCard } from '@web/components/ui/settings-card';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, Monitor, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatMoment } from '@shared/date-format';
import {
  pushMessages as m,
  type PushDeviceDto,
  type PushSettingsReply,
} from '@shared/marketplace/push-notifications';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import { useAddPushDevice } from '../api/add-push-device';
import { usePushSettings } from '../api/push-settings';
import { notificationKeys } from '../api/query-keys';
import { useRemovePushDevice } from '../api/remove-push-device';
import { useUpdatePushPreferences } from '../api/update-push-preferences';
import {
  askAndSubscribe,
  browserCanPush,
  currentSubscription,
  hashOfEndpoint,
  notificationPermission,
  unsubscribeHere,
} from '../browser-push';
import { KindPreferencesForm } from './kind-preferences-form';

/** This browser's push address, hashed as the server lists devices (null: none). */
function useThisDeviceHash() {
  return useQuery({
    queryKey: notificationKeys.pushHere,
    queryFn: async () => {
      const subscription = await currentSubscription();
      return subscription ? hashOfEndpoint(subscription.endpoint) : null;
    },
    // Asked of the browser, not the network.
    networkMode: 'always',
    staleTime: Infinity,
  });
}

/**
 * Notifications on this device: turn them on (the browser asks for permission only then), see
 * the devices they are on and remove one, turn this one off, and choose the kinds pushed.
 */
export function PushNotificationsCard() {
  const settings = usePushSettings();
  return (
    <SettingsCard title={m.title} intro={m.intro}>
      <QueryState
        query={settings}
        failed={m.loadFailed}
        loadingText="Loading your notification settings…"
      >
        {(reply) => <PushSettings reply={reply} />}
      </QueryState>
    </SettingsCard>
  );
}

function PushSettings({ reply }: { reply: PushSettingsReply }) {
  const queryClient = useQueryClient();
  const here = useThisDeviceHash();
  const add = useAddPushDevice();
  const remove = useRemovePushDevice();
  const update = useUpdatePushPreferences();
  const [permission, setPermission] = useState(notificationPermission);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const supported = browserCanPush();
  const thisDevice = here.data
    ? reply.devices.find((device) => device.endpointHash === here.data)
    : undefined;
  const devicesId = useId();
  const kindsId = useId();

  const turnOn = async () => {
    setProblem(null);
    setBusy('on');
    try {
      const asked = await askAndSubscribe(reply.publicKey);
      setPermission(notificationPermission());
      if (asked.outcome !== 'subscribed') {
        setProblem(asked.outcome === 'denied' ? m.denied : m.dismissed);
        return;
      }
      const { endpoint, keys } = asked.subscription;
      await add.mutateAsync({
        endpoint: endpoint ?? '',
        keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      });
      queryClient.setQueryData(notificationKeys.pushHere, await hashOfEndpoint(endpoint ?? ''));
      toast.success(m.onHere);
    } catch (error) {
      setProblem(errorText(error, m.turnOnFailed));
    } finally {
      setBusy(null);
    }
  };

  const turnOff = async (device: PushDeviceDto) => {
    setProblem(null);
    setBusy('off');
    try {
      await remove.mutateAsync(device.id);
      // The server sends nothing more; the browser's subscription goes too (best effort).
      await unsubscribeHere().catch(() => undefined);
      queryClient.setQueryData(notificationKeys.pushHere, null);
    } catch (error) {
      setProblem(errorText(error, m.turnOffFailed));
    } finally {
      setBusy(null);
    }
  };

  const removeOther = (device: PushDeviceDto) =>
    remove.mutate(device.id, {
      onSuccess: () => toast.success(m.removed),
      onError: (error) => toast.error(errorText(error, m.removeFailed)),
    });

  return (
    <div className="space-y-5">
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {!supported ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800">
          {m.unsupported}
        </p>
      ) : thisDevice ? (
        <div className="space-y-3">
          <p className="flex items-start gap-2 font-medium text-ink">
            <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            {m.onHere}
          </p>
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => void turnOff(thisDevice)}
          >
            <BellOff className="h-4 w-4" aria-hidden="true" />
            {busy === 'off' ? m.turningOff : m.turnOff}
          </Button>
        </div>
      ) : (
        <div className="space-y-3">
          {permission === 'denied' && !problem ? (
            <p className="text-slate-800">{m.denied}</p>
          ) : null}
          <Button disabled={busy !== null} onClick={() => void turnOn()}>
            <BellRing className="h-4 w-4" aria-hidden="true" />
            {busy === 'on' ? m.turningOn : m.turnOn}
          </Button>
        </div>
      )}

      <div>
        <h3 id={devicesId} className="font-semibold text-ink">
          {m.devicesTitle}
        </h3>
        {reply.devices.length === 0 ? (
          <p className="mt-1 text-slate-700">{m.noDevices}</p>
        ) : (
          <ul aria-labelledby={devicesId} className="mt-2 divide-y divide-slate-200">
            {reply.devices.map((device) => (
              <DeviceItem
                key={device.id}
                device={device}
                here={device.id === thisDevice?.id}
                onRemove={() => removeOther(device)}
                removing={remove.isPending && remove.variables === device.id}
              />
            ))}
          </ul>
        )}
      </div>

      {reply.devices.length > 0 ? (
        <div>
          <h3 id={kindsId} className="font-semibold text-ink">
            {m.kindsTitle}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{m.kindsHint}</p>
          <KindPreferencesForm
            preferences={reply.preferences}
            title={m.kindsFormTitle}
            legend={m.kindsTitle}
            save={update.mutateAsync}
            pending={update.isPending}
          />
        </div>
      ) : null}
    </div>
  );
}

function DeviceItem({
  device,
  here,
  onRemove,
  removing,
}: {
  device: PushDeviceDto;
  here: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-1 last:pb-0"
    >
      <div className="flex gap-3">
        <Monitor className="mt-1 h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
        <div>
          <p id={nameId} className="font-semibold text-ink">
            {device.device}
            {here ? (
              <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800">
                {m.thisDevice}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">{m.added(formatMoment(device.createdAt))}</p>
        </div>
      </div>
      {here ? null : (
        <Button
          variant="secondary"
          onClick={onRemove}
          disabled={removing}
          aria-label={m.removeLabel(device.device)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {m.remove}
        </Button>
      )}
    </li>
  );
}
