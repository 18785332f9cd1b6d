import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { refusalText } from '@web/lib/error-text';
import {
  notificationMessages,
  type NotificationKind,
} from '@shared/marketplace/notification-constants';
import type { EmailPreferencesReply } from '@shared/marketplace/notification-replies';
import { Banner } from '@web/components/ui/banner';
import { QueryState } from '@web/components/ui/query-state';
import { Button } from '@web/components/ui/button';
import { useEmailPreferences } from '../api/email-preferences';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';

/** How long the Save button reads 'Saved!' or 'Error' (as on Office Information). */
const FEEDBACK_MS = 2000;

/** E-mail notifications: one labelled checkbox per kind the person receives, and Save. */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {notificationMessages.preferencesTitle}
      </h2>
      <p className="mt-1 text-slate-700">{notificationMessages.preferencesHint}</p>
      <div className="mt-4">
        <QueryState
          query={preferences}
          failed={notificationMessages.preferencesLoadFailed}
          loadingText="Loading your e-mail settings…"
        >
          {(reply) => (
            <PreferencesForm reply={reply} title={notificationMessages.preferencesTitle} />
          )}
        </QueryState>
      </div>
    </section>
  );
}

type SaveState = 'idle' | 'saved' | 'error';

function PreferencesForm({ reply, title }: { reply: EmailPreferencesReply; title: string }) {
  const [values, setValues] = useState<Partial<Record<NotificationKind, boolean>>>(() =>
    Object.fromEntries(reply.preferences.map((p) => [p.kind, p.enabled])),
  );
  const update = useUpdateEmailPreferences();
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    setServerError(null);
    try {
      const saved = await update.mutateAsync(values as Record<string, boolean>);
      setValues(Object.fromEntries(saved.preferences.map((p) => [p.kind, p.enabled])));
      setSaveState('saved');
    } catch (error) {
      setSaveState('error');
      const refusal = refusalText(error);
      if (refusal) setServerError(refusal);
    }
    timer.current = setTimeout(() => setSaveState('idle'), FEEDBACK_MS);
  };

  const saveLabel = update.isPending
    ? 'Saving...'
    : saveState === 'saved'
      ? notificationMessages.saved
      : saveState === 'error'
        ? notificationMessages.error
        : 'Save';

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4" aria-label={title}>
      {serverError ? <Banner tone="error">{serverError}</Banner> : null}
      <fieldset disabled={update.isPending} className="space-y-3">
        <legend className="sr-only">Send me an e-mail when</legend>
        {reply.preferences.map((preference) => (
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
        disabled={update.isPending}
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
