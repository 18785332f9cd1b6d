import { CalendarFeedCard } from '@web/features/calendar-feed/components/calendar-feed-card';
import { EmailPreferencesCard } from '@web/features/notifications/components/email-preferences-card';
import { SettingsSection } from '@web/features/settings/components/settings-section';

/** The Settings section both portals show; its own chunk, loaded when Settings is opened. */
export default function PortalSettings() {
  return (
    <SettingsSection>
      <EmailPreferencesCard />
      <CalendarFeedCard />
    </SettingsSection>
  );
}
