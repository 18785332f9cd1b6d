import { useState, type FormEvent } from 'react';
import {
  notificationMessages,
  type NotificationKind,
} from '@shared/marketplace/notification-constants';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { useSaveFeedback } from '@web/lib/use-save-feedback';

export interface KindPreference {
  kind: NotificationKind;
  label: string;
  enabled: boolean;
}

/**
 * One labelled checkbox per kind of notice and Save: the e-mail settings and the push settings.
 * `save` sends every kind shown and answers the settings as saved.
 */
export function KindPreferencesForm({
  preferences,
  title,
  legend,
  save,
  pending,
}: {
  preferences: KindPreference[];
  /** The form's name (and the Save button's: 'Save <title>'). */
  title: string;
  /** What the checkboxes complete, read by screen readers: 'Send me an e-mail when'. */
  legend: string;
  save: (values: Record<string, boolean>) => Promise<{ preferences: KindPreference[] }>;
  pending: boolean;
}) {
  const [values, setValues] = useState<Partial<Record<NotificationKind, boolean>>>(() =>
    Object.fromEntries(preferences.map((p) => [p.kind, p.enabled])),
  );
  const { saveState, serverError, run, label } = useSaveFeedback();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const saved = await save(values as Record<string, boolean>);
      setValues(Object.fromEntries(saved.preferences.map((p) => [p.kind, p.enabled])));
    });
  };

  const saveLabel = label(pending, notificationMessages);

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-label={title}>
      {serverError ? <Banner tone="error">{serverError}</Banner> : null}
      <fieldset disabled={pending} className="space-y-3">
        <legend className="sr-only">{legend}</legend>
        {preferences.map((preference) => (
          <label key={preference.kind} className="flex items-start gap-3 text-ink">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4 accent-brand-600"
              checked={values[preference.kind] ?? true}
              onChange={(event) =>
                setValues((current) => ({ ...current, [preference.kind]: event.target.checked }))
              }
            />
            <span>{preference.label}</span>
          </label>
        ))}
      </fieldset>
      <Button
        type="submit"
        variant={saveState === 'error' ? 'danger' : 'primary'}
        disabled={pending}
        aria-label={`Save ${title}`}
      >
        {saveLabel}
      </Button>
      <p role="status" className="sr-only">
        {saveState === 'saved'
          ? `${title}: ${notificationMessages.saved}`
          : saveState === 'error'
            ? `${title}: ${notificationMessages.error}`
            : ''}
      </p>
    </form>
  );
}
