import type { ReactNode } from 'react';

/** Top banner of a marketing page: optional eyebrow, the page's h1, an intro and an optional action. */
export function PageHero({
  headingId,
  eyebrow,
  title,
  action,
  children,
}: {
  headingId: string;
  eyebrow?: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        )}
        <h1
          id={headingId}
          className={`${eyebrow ? 'mt-3 ' : ''}text-4xl font-extrabold tracking-tight text-ink sm:text-5xl`}
        >
          {title}
        </h1>
        <p className="mt-6 text-lg leading-8 text-slate-700 sm:text-xl">{children}</p>
        {action && <div className="mt-10">{action}</div>}
      </div>
    </section>
  );
}
