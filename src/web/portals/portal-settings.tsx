import { CalendarFeedCard } from '@web/features/calendar-feed/components/calendar-feed-card';
import { EmailPreferencesCard } from '@web/features/notifications/components/email-preferences-card';
import { PayoutAccountCard } from '@web/features/money/components/payout-account-card';
import { SettingsSection } from '@web/features/settings/components/settings-section';

/** The Settings section both portals show; its own chunk, loaded when Settings is opened. */
export default function PortalSettings({ payouts = false }: { payouts?: boolean }) {
  return (
    <SettingsSection>
      {/* Professionals are paid into a bank they link here. */}
      {payouts ? <PayoutAccountCard /> : null}
      <EmailPreferencesCard />
      <CalendarFeedCard />
    </SettingsSection>
  );
}
