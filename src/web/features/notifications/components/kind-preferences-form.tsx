import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  notificationMessages,
  type NotificationKind,
} from '@shared/marketplace/notification-constants';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { refusalText } from '@web/lib/error-text';

/** How long the Save button reads 'Saved!' or 'Error' (as on Office Information). */
const FEEDBACK_MS = 2000;

export interface KindPreference {
  kind: NotificationKind;
  label: string;
  enabled: boolean;
}

type SaveState = 'idle' | 'saved' | 'error';

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
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    setServerError(null);
    try {
      const saved = await save(values as Record<string, boolean>);
      setValues(Object.fromEntries(saved.preferences.map((p) => [p.kind, p.enabled])));
      setSaveState('saved');
    } catch (error) {
      setSaveState('error');
      const refusal = refusalText(error);
      if (refusal) setServerError(refusal);
    }
    timer.current = setTimeout(() => setSaveState('idle'), FEEDBACK_MS);
  };

  const saveLabel = pending
    ? 'Saving...'
    : saveState === 'saved'
      ? notificationMessages.saved
      : saveState === 'error'
        ? notificationMessages.error
        : 'Save';

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
