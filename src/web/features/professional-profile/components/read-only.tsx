import type { ReactNode } from 'react';
import { professionalMessages } from '@shared/professional/messages';

/** A label and its value in read mode; empty reads 'Not provided' (or `empty`). */
export function ReadField({
  label,
  value,
  empty = professionalMessages.notProvided,
}: {
  label: string;
  value: ReactNode;
  empty?: string;
}) {
  const isEmpty = value === null || value === undefined || value === '';
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={`mt-0.5 [overflow-wrap:anywhere] ${isEmpty ? 'text-slate-500 italic' : 'text-ink'}`}
      >
        {isEmpty ? empty : value}
      </dd>
    </div>
  );
}

export function ReadGrid({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}
