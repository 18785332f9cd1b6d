import { CalendarDays, Clock, LayoutDashboard, Search, Settings, UserRound } from 'lucide-react';
import { Route, Routes } from 'react-router';
import type { ProfessionalRole } from '@shared/accounts';
import { roleDescriptions } from '@shared/professional/roles';
import { PortalShell, type PortalNavItem } from '@web/components/portal/portal-shell';
import { useSignOut } from '@web/features/accounts/api/sign-out';
import { CalendarFeedCard } from '@web/features/calendar-feed/components/calendar-feed-card';
import { EmailPreferencesCard } from '@web/features/notifications/components/email-preferences-card';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { SettingsSection } from '@web/features/settings/components/settings-section';
import { RequireAccount } from '@web/features/accounts/components/require-account';
import type { SessionUser } from '@web/features/accounts/api/session';
import { useProfessionalProfile } from '@web/features/professional-profile/api/profile';
import { AvailabilitySection } from '@web/features/professional-profile/components/availability-section';
import { DashboardSection } from '@web/features/professional-profile/components/dashboard-section';
import { ProfileSection } from '@web/features/professional-profile/components/profile-section';
import { ScheduleSection } from '@web/features/professional-profile/components/schedule-section';
import { FindShiftsSection } from '@web/features/shift-board/components/find-shifts-section';
import { SelectSection } from './select-section';

const items: PortalNavItem[] = [
  { path: '', label: 'Dashboard', icon: LayoutDashboard },
  { path: 'schedule', label: 'Schedule', icon: CalendarDays },
  { path: 'find-shifts', label: 'Find Shifts', icon: Search },
  { path: 'availability', label: 'Availability', icon: Clock },
  { path: 'profile', label: 'Profile', icon: UserRound },
  { path: 'settings', label: 'Settings', icon: Settings },
];

/**
 * One implementation for the hygienist, dental assistant and front desk portals, driven by the
 * role's description (titles, cards, flag groups, save message).
 */
export default function ProfessionalPortal({ role }: { role: ProfessionalRole }) {
  return (
    <RequireAccount allowed={role} loginPath="/professional-login">
      {(user) => <ProfessionalPortalScreen role={role} user={user} />}
    </RequireAccount>
  );
}

function ProfessionalPortalScreen({ role, user }: { role: ProfessionalRole; user: SessionUser }) {
  const description = roleDescriptions[role];
  const signOut = useSignOut();
  // The first portal load creates the profile when it is missing.
  const profile = useProfessionalProfile();
  const firstName = profile.data
    ? profile.data.firstName.trim()
    : (user.name.trim().split(/\s+/)[0] ?? '');
  return (
    <PortalShell
      portalPath={description.portalPath}
      heading={`Hi, ${firstName || 'there'}!`}
      subheading={description.title}
      items={items}
      signOutLabel="Logout"
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
      headerActions={<NotificationBell />}
    >
      <Routes>
        <Route index element={<DashboardSection description={description} />} />
        <Route path="schedule" element={<ScheduleSection />} />
        <Route
          path="find-shifts"
          element={<FindShiftsSection portalPath={description.portalPath} />}
        />
        <Route path="availability" element={<AvailabilitySection description={description} />} />
        <Route path="profile" element={<ProfileSection description={description} />} />
        <Route
          path="settings"
          element={
            <SettingsSection>
              <EmailPreferencesCard />
              <CalendarFeedCard />
            </SettingsSection>
          }
        />
        <Route path="*" element={<SelectSection />} />
      </Routes>
    </PortalShell>
  );
}
