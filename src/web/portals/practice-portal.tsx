import { LayoutDashboard } from 'lucide-react';
import { Route, Routes } from 'react-router';
import { PortalShell, type PortalNavItem } from '@web/components/portal/portal-shell';
import { useSignOut } from '@web/features/accounts/api/sign-out';
import { RequireAccount } from '@web/features/accounts/components/require-account';
import type { SessionUser } from '@web/features/accounts/api/session';
import { SelectSection } from './select-section';

const items: PortalNavItem[] = [{ path: '', label: 'Dashboard', icon: LayoutDashboard }];

export default function PracticePortal() {
  return (
    <RequireAccount allowed="practice" loginPath="/practice-login">
      {(user) => <PracticePortalScreen user={user} />}
    </RequireAccount>
  );
}

function PracticePortalScreen({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <PortalShell
      portalPath="/practice-portal"
      heading={user.name}
      subheading="Admin Account"
      items={items}
      signOutLabel="Sign Out"
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
    >
      <Routes>
        <Route
          index
          element={
            <section aria-labelledby="dashboard-heading">
              <h1 id="dashboard-heading" className="text-2xl font-bold text-ink">
                Dashboard
              </h1>
              <p className="mt-2 text-slate-700">Welcome back, {user.name}.</p>
            </section>
          }
        />
        <Route path="*" element={<SelectSection />} />
      </Routes>
    </PortalShell>
  );
}
