import { CalendarFeedCard } from '@web/features/calendar-feed/components/calendar-feed-card';
import { ShiftAlertsCard } from '@web/features/fill/components/shift-alerts-card';
import { EmailPreferencesCard } from '@web/features/notifications/components/email-preferences-card';
import { PushNotificationsCard } from '@web/features/notifications/components/push-notifications-card';
import { PayoutAccountCard } from '@web/features/money/components/payout-account-card';
import { SettingsSection } from '@web/features/settings/components/settings-section';
import { TextMessagesCard } from '@web/features/text-messages/components/text-messages-card';
import { BlockedListCard } from '@web/features/trust/components/blocked-list-card';

/**
 * The Settings section both portals show (`audience`); its own chunk, loaded when Settings is
 * opened.
 */
export default function PortalSettings({ audience }: { audience: 'practice' | 'professional' }) {
  return (
    <SettingsSection>
      {/* Professionals are paid into a bank they link here. */}
      {audience === 'professional' ? <PayoutAccountCard /> : null}
      <PushNotificationsCard />
      <EmailPreferencesCard />
      {/* Professionals choose how many shift alerts a day they are sent at most. */}
      {audience === 'professional' ? <ShiftAlertsCard /> : null}
      <TextMessagesCard />
      <CalendarFeedCard />
      <BlockedListCard side={audience} />
    </SettingsSection>
  );
}
