import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';

/** The solid brand button used for the main call to action on the marketing pages. */
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800';

/** A router link followed by a decorative right arrow; styled as the primary button by default. */
export function ArrowLink({
  to,
  className = primaryButtonClass,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className}>
      {children}
      <ArrowRight className="h-5 w-5" aria-hidden="true" />
    </Link>
  );
}
