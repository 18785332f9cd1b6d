import { SettingsCard } from '@web/components/ui/settings-card';
import { notificationMessages } from '@shared/marketplace/notification-constants';
import { QueryState } from '@web/components/ui/query-state';
import { useEmailPreferences } from '../api/email-preferences';
import { useUpdateEmailPreferences } from '../api/update-email-preferences';
import { KindPreferencesForm } from './kind-preferences-form';

/** E-mail notifications: one labelled checkbox per kind the person receives, and Save. */
export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  return (
    <SettingsCard
      title={notificationMessages.preferencesTitle}
      intro={notificationMessages.preferencesHint}
    >
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
    </SettingsCard>
  );
}
