import { useId, type ReactNode } from 'react';

/** One card of a Settings page: its heading, a line saying what it is for, and its content. */
export function SettingsCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{intro}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}
