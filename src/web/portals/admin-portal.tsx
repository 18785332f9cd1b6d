import {
  Ban,
  Building2,
  CalendarX2,
  ClipboardCheck,
  FileBadge,
  Gauge,
  Landmark,
  ShieldCheck,
} from 'lucide-react';
import { Route, Routes } from 'react-router';
import { portalPathByAccountType } from '@shared/accounts';
import { PortalShell, type PortalNavItem } from '@web/components/portal/portal-shell';
import { useSignOut } from '@web/features/accounts/api/sign-out';
import { RequireAccount } from '@web/features/accounts/components/require-account';
import type { SessionUser } from '@web/features/accounts/api/session';
import { ScreeningConsole } from '@web/features/screening/components/screening-console';
import { TimesheetDisputesSection } from '@web/features/attendance/components/timesheet-disputes-section';
import { AdminMoneySection } from '@web/features/money/components/admin-money-section';
import { SiteSpeedSection } from '@web/features/site-speed/components/site-speed-section';
import { AdminBlocksSection } from '@web/features/trust/components/admin-blocks-section';
import { AdminOverlapsSection } from '@web/features/bookings/components/admin-overlaps-section';
import { CredentialReviewConsole } from '@web/features/credentials/components/credential-review-console';
import { PracticeReviewConsole } from '@web/features/trust/components/practice-review-console';
import { SelectSection } from './select-section';

const items: PortalNavItem[] = [
  { path: '', label: 'Screening', icon: ShieldCheck },
  { path: 'practices', label: 'Practices', icon: Building2 },
  { path: 'credentials', label: 'Credentials', icon: FileBadge },
  { path: 'timesheets', label: 'Timesheet disputes', icon: ClipboardCheck },
  { path: 'money', label: 'Money', icon: Landmark },
  { path: 'blocks', label: 'Blocks', icon: Ban },
  { path: 'overlaps', label: 'Overlapping bookings', icon: CalendarX2 },
  { path: 'site-speed', label: 'Site speed', icon: Gauge },
];

/** The platform staff's console at /admin: admins only (others go to their own portal). */
export default function AdminPortal() {
  return (
    <RequireAccount allowed="admin" loginPath="/admin/login">
      {(user) => <AdminPortalScreen user={user} />}
    </RequireAccount>
  );
}

function AdminPortalScreen({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <PortalShell
      portalPath={portalPathByAccountType.admin}
      heading={user.name || user.email}
      subheading="ChairFill staff"
      items={items}
      signOutLabel="Sign Out"
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
    >
      <Routes>
        <Route index element={<ScreeningConsole />} />
        <Route path="practices" element={<PracticeReviewConsole />} />
        <Route path="credentials" element={<CredentialReviewConsole />} />
        <Route path="timesheets" element={<TimesheetDisputesSection />} />
        <Route path="money" element={<AdminMoneySection />} />
        <Route path="blocks" element={<AdminBlocksSection />} />
        <Route path="overlaps" element={<AdminOverlapsSection />} />
        <Route path="site-speed" element={<SiteSpeedSection />} />
        <Route path="*" element={<SelectSection />} />
      </Routes>
    </PortalShell>
  );
}
