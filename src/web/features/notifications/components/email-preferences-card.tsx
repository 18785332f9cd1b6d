import { useId } from 'react';
import { notificationMessages } from '@shared/marketplace/notification-constants';
import { QueryState } from '@web/components/ui/query-state';
import { useEmailPreferences } from '../api/email-preferences';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';
import { KindPreferencesForm } from './kind-preferences-form';

/** E-mail notifications: one labelled checkbox per kind the person receives, and Save. */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();
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
            <KindPreferencesForm
              preferences={reply.preferences}
              title={notificationMessages.preferencesTitle}
              legend="Send me an e-mail when"
              save={update.mutateAsync}
              pending={update.isPending}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}
