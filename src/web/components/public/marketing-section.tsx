import type { ReactNode } from 'react';

/** A full-width marketing page section with a centered h2 over a max-w-7xl column. */
export function MarketingSection({
  headingId,
  title,
  className,
  children,
}: {
  headingId: string;
  title: string;
  /** Background and vertical padding of the section. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2
          id={headingId}
          className="text-center text-3xl font-bold tracking-tight text-ink sm:text-4xl"
        >
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
