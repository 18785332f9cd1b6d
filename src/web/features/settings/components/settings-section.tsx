import type { ReactNode } from 'react';
import { AccountSessionsCard } from './account-sessions-card';
import { ChangePasswordCard } from './change-password-card';

/**
 * The portal's Settings section: its heading, the setting cards the portal composes in, then
 * the account's password and sessions (every account has them).
 */
export function SettingsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <div>
        <h1 id="settings-heading" className="text-2xl font-bold text-ink">
          Settings
        </h1>
        <p className="mt-1 text-slate-700">
          Turn on notifications on this device, choose which e-mails you receive, add your shifts to
          your own calendar, change your password and see where you are signed in.
        </p>
      </div>
      {children}
      <ChangePasswordCard />
      <AccountSessionsCard />
    </section>
  );
}
