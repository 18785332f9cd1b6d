import type { ReactNode } from 'react';

/** The portal's Settings section: its heading and the setting cards the portal composes in. */
export function SettingsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <div>
        <h1 id="settings-heading" className="text-2xl font-bold text-ink">
          Settings
        </h1>
        <p className="mt-1 text-slate-700">
          Choose which e-mails you receive and add your shifts to your own calendar.
        </p>
      </div>
      {children}
    </section>
  );
}
