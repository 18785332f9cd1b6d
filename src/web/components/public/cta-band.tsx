import type { ReactNode } from 'react';
import { ArrowLink } from './arrow-link';

/** Closing call to action: an h2, a short text and one primary "Get Started" style button. */
export function CtaBand({
  headingId,
  title,
  to,
  label,
  children,
}: {
  headingId: string;
  title: string;
  /** Where the button goes, and its text. */
  to: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-brand-50 py-16">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-slate-700">{children}</p>
        <div className="mt-8">
          <ArrowLink to={to}>{label}</ArrowLink>
        </div>
      </div>
    </section>
  );
}
