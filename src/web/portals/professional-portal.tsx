import { LayoutDashboard } from 'lucide-react';
import { Route, Routes } from 'react-router';
import { portalPathByAccountType, roleTitleByRole, type ProfessionalRole } from '@shared/accounts';
import { PortalShell, type PortalNavItem } from '@web/components/portal/portal-shell';
import { useSignOut } from '@web/features/accounts/api/sign-out';
import { RequireAccount } from '@web/features/accounts/components/require-account';
import type { SessionUser } from '@web/features/accounts/api/session';
import { SelectSection } from './select-section';

const items: PortalNavItem[] = [{ path: '', label: 'Dashboard', icon: LayoutDashboard }];

/** One implementation for the hygienist, dental assistant and front desk portals. */
export default function ProfessionalPortal({ role }: { role: ProfessionalRole }) {
  return (
    <RequireAccount allowed={role} loginPath="/professional-login">
      {(user) => <ProfessionalPortalScreen role={role} user={user} />}
    </RequireAccount>
  );
}

function ProfessionalPortalScreen({ role, user }: { role: ProfessionalRole; user: SessionUser }) {
  const signOut = useSignOut();
  const firstName = user.name.split(' ')[0] || 'there';
  return (
    <PortalShell
      portalPath={portalPathByAccountType[role]}
      heading={`Hi, ${firstName}!`}
      subheading={roleTitleByRole[role]}
      items={items}
      signOutLabel="Logout"
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
    >
      <Routes>
        <Route
          index
          element={
            <section aria-labelledby="dashboard-heading">
              <h1 id="dashboard-heading" className="text-2xl font-bold text-ink">
                {role === 'front-desk' ? `Welcome, ${user.name}` : 'Dashboard'}
              </h1>
              <p className="mt-2 text-slate-700">
                Your {roleTitleByRole[role].toLowerCase()} account is ready.
              </p>
            </section>
          }
        />
        <Route path="*" element={<SelectSection />} />
      </Routes>
    </PortalShell>
  );
}
