import type { ReactNode } from 'react';

/** A message above a form: announced to screen readers as soon as it appears. */
export function Banner({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const styles =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-800'
      : 'border-emerald-300 bg-emerald-50 text-emerald-900';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      // A long address or link wraps inside the message on a phone instead of running out of it.
      className={`rounded-md border px-4 py-3 text-sm [overflow-wrap:anywhere] ${styles}`}
    >
      {children}
    </div>
  );
}
