import {
  CalendarDays,
  Clock,
  FileBadge,
  LayoutDashboard,
  MessageSquare,
  Search,
  Settings,
  UserRound,
  Wallet,
} from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { Route, Routes, useNavigate } from 'react-router';
import type { ProfessionalRole } from '@shared/accounts';
import { roleDescriptions } from '@shared/professional/roles';
import { PageLoading } from '@web/components/page-loading';
import { PortalShell, type PortalNavItem } from '@web/components/portal/portal-shell';
import { useSignOut } from '@web/features/accounts/api/sign-out';
import { NotificationBell } from '@web/features/notifications/components/notification-bell';
import { LiveUpdates } from '@web/features/live-updates/components/live-updates';
import { RequireAccount } from '@web/features/accounts/components/require-account';
import type { SessionUser } from '@web/features/accounts/api/session';
import { useProfessionalProfile } from '@web/features/professional-profile/api/profile';
import { prefetchShiftBoardAtPageLoad } from '@web/features/shift-board/api/shift-board';
import { DashboardSection } from '@web/features/professional-profile/components/dashboard-section';
import { TodaysAttendance } from '@web/features/attendance/components/todays-attendance';
import { BlockButton } from '@web/features/bookings/components/block-button';
import { queryClient } from '@web/lib/query-client';
import { useUnreadMessages } from '@web/features/messages/api/conversations';
import { messageTexts } from '@shared/conversations/conversations-constants';
import { SelectSection } from './select-section';

// The dashboard is the first screen; every other section is its own chunk, loaded when opened
// (the profile's and availability's forms bring react-hook-form and zod).
const sectionModules = {
  schedule: () => import('@web/features/professional-profile/components/schedule-section'),
  'find-shifts': () => import('@web/features/shift-board/components/find-shifts-section'),
  availability: () => import('@web/features/professional-profile/components/availability-section'),
  profile: () => import('@web/features/professional-profile/components/profile-section'),
  earnings: () => import('@web/features/money/components/earnings-section'),
  credentials: () => import('@web/features/credentials/components/credentials-section'),
  settings: () => import('./portal-settings'),
  practices: () => import('@web/features/shift-board/components/practice-page'),
  messages: () => import('@web/features/messages/components/messages-section'),
};
// The section the address names starts loading now, alongside the session check, instead of
// after it (one round trip less before it shows); opened at Find Shifts, so does the board's
// request (the section shows that answer rather than asking again).
if (typeof window !== 'undefined') {
  const { pathname } = window.location;
  const section = pathname.split('/')[2] ?? '';
  if (section in sectionModules) void sectionModules[section as keyof typeof sectionModules]();
  if (section === 'find-shifts') prefetchShiftBoardAtPageLoad(queryClient, pathname);
}
const ScheduleSection = lazyChunk(() =>
  sectionModules.schedule().then((m) => ({ default: m.ScheduleSection })),
);
const FindShiftsSection = lazyChunk(() =>
  sectionModules['find-shifts']().then((m) => ({ default: m.FindShiftsSection })),
);
const AvailabilitySection = lazyChunk(() =>
  sectionModules.availability().then((m) => ({ default: m.AvailabilitySection })),
);
const ProfileSection = lazyChunk(() =>
  sectionModules.profile().then((m) => ({ default: m.ProfileSection })),
);
const EarningsSection = lazyChunk(() =>
  sectionModules.earnings().then((m) => ({ default: m.EarningsSection })),
);
const CredentialsSection = lazyChunk(() =>
  sectionModules.credentials().then((m) => ({ default: m.CredentialsSection })),
);
const PortalSettings = lazyChunk(sectionModules.settings);
// The dashboard's line about required credentials: its own chunk (it brings the credential texts).
const CredentialAlert = lazyChunk(() =>
  import('@web/features/credentials/components/credential-alert').then((m) => ({
    default: m.CredentialAlert,
  })),
);
const MessagesSection = lazyChunk(() =>
  sectionModules.messages().then((m) => ({ default: m.MessagesSection })),
);
const PracticePage = lazyChunk(() =>
  sectionModules.practices().then((m) => ({ default: m.PracticePage })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

const items: PortalNavItem[] = [
  { path: '', label: 'Dashboard', icon: LayoutDashboard },
  { path: 'schedule', label: 'Schedule', icon: CalendarDays },
  { path: 'find-shifts', label: 'Find Shifts', icon: Search },
  { path: 'messages', label: messageTexts.section, icon: MessageSquare },
  { path: 'availability', label: 'Availability', icon: Clock },
  { path: 'profile', label: 'Profile', icon: UserRound },
  { path: 'credentials', label: 'Credentials', icon: FileBadge },
  { path: 'earnings', label: 'Earnings', icon: Wallet },
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
  const unread = useUnreadMessages('professional').data?.unread ?? 0;
  const navItems = items.map((item) =>
    item.path === 'messages'
      ? { ...item, badge: unread, badgeLabel: messageTexts.navLabel(unread) }
      : item,
  );
  return (
    <PortalShell
      portalPath={description.portalPath}
      heading={`Hi, ${firstName || 'there'}!`}
      subheading={description.title}
      items={navItems}
      signOutLabel="Logout"
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
      headerActions={
        <NotificationBell
          messages={{ count: unread, path: `${description.portalPath}/messages` }}
        />
      }
    >
      <LiveUpdates side="professional" />
      <Routes>
        <Route
          index
          element={
            <DashboardSection
              description={description}
              today={
                <>
                  <Suspense fallback={null}>
                    <CredentialAlert />
                  </Suspense>
                  <TodaysAttendance />
                </>
              }
            />
          }
        />
        <Route
          path="schedule"
          element={
            <Loading>
              <ScheduleSection />
            </Loading>
          }
        />
        <Route
          path="find-shifts"
          element={
            <Loading>
              <FindShiftsSection portalPath={description.portalPath} role={role} />
            </Loading>
          }
        />
        <Route
          path="availability"
          element={
            <Loading>
              <AvailabilitySection description={description} />
            </Loading>
          }
        />
        <Route
          path="profile"
          element={
            <Loading>
              <ProfileSection description={description} />
            </Loading>
          }
        />
        <Route
          path="credentials"
          element={
            <Loading>
              <CredentialsSection />
            </Loading>
          }
        />
        <Route
          path="earnings"
          element={
            <Loading>
              <EarningsSection />
            </Loading>
          }
        />
        <Route
          path="settings"
          element={
            <Loading>
              <PortalSettings audience="professional" />
            </Loading>
          }
        />
        <Route
          path="find-shifts/practices/:practiceId"
          element={
            <Loading>
              <PracticePageWithBlock />
            </Loading>
          }
        />
        {['messages', 'messages/:shiftId'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Loading>
                <MessagesSection side="professional" />
              </Loading>
            }
          />
        ))}
        <Route path="*" element={<SelectSection />} />
      </Routes>
    </PortalShell>
  );
}

/** A practice's page, with Block this practice (blocked: back to Find Shifts, where it is gone). */
function PracticePageWithBlock() {
  const navigate = useNavigate();
  return (
    <PracticePage
      actions={(practice) => (
        <BlockButton
          side="professional"
          id={practice.id}
          name={practice.name}
          onBlocked={() => void navigate('../../find-shifts', { relative: 'path' })}
        />
      )}
    />
  );
}
