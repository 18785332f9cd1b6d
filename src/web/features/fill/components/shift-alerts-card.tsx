import { useState, type FormEvent } from 'react';
import {
  alertCapTexts as m,
  MIN_DAILY_ALERT_CAP,
  type AlertSettingsDto,
} from '@shared/fill/alert-settings';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { SelectField } from '@web/components/ui/form-field';
import { QueryState } from '@web/components/ui/query-state';
import { SettingsCard } from '@web/components/ui/settings-card';
import { useSaveFeedback } from '@web/lib/use-save-feedback';
import { useAlertSettings, useSaveAlertSettings } from '../api/alert-settings';

/**
 * Shift alerts (professionals): how many shift alerts a day they are sent at most, how many
 * went out today, and a choice of the cap from 1 to the most allowed.
 */
export function ShiftAlertsCard() {
  const settings = useAlertSettings();
  const reply = settings.data;
  return (
    <SettingsCard
      title={m.title}
      intro={
        reply ? `${m.intro(reply.dailyCap)} ${m.today(reply.sentToday, reply.dailyCap)}` : m.lead
      }
    >
      <QueryState query={settings} failed={m.loadFailed} loadingText={m.loading}>
        {(loaded) => <ShiftAlertsForm settings={loaded} />}
      </QueryState>
    </SettingsCard>
  );
}

function ShiftAlertsForm({ settings }: { settings: AlertSettingsDto }) {
  const save = useSaveAlertSettings();
  const [cap, setCap] = useState(String(settings.dailyCap));
  const { saveState, serverError, run, label } = useSaveFeedback();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const saved = await save.mutateAsync({ dailyCap: Number(cap) });
      setCap(String(saved.dailyCap));
    });
  };

  const options = Array.from(
    { length: settings.maxDailyCap - MIN_DAILY_ALERT_CAP + 1 },
    (_, index) => {
      const value = MIN_DAILY_ALERT_CAP + index;
      return { value: String(value), label: m.capOption(value) };
    },
  );
  const saveLabel = label(save.isPending, m);

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4" aria-label={m.title}>
      {serverError ? <Banner tone="error">{serverError}</Banner> : null}
      <SelectField
        label={m.capLabel}
        hint={m.capHint}
        options={options}
        value={cap}
        disabled={save.isPending}
        onChange={(event) => setCap(event.target.value)}
      />
      <Button
        type="submit"
        variant={saveState === 'error' ? 'danger' : 'primary'}
        disabled={save.isPending}
        aria-label={`Save ${m.title}`}
      >
        {saveLabel}
      </Button>
      <p role="status" className="sr-only">
        {saveState === 'saved'
          ? `${m.title}: ${m.saved}`
          : saveState === 'error'
            ? `${m.title}: ${m.error}`
            : ''}
      </p>
    </form>
  );
}
