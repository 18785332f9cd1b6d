import type { ReactNode } from 'react';

/** The centred card that holds the sign-up, login and reset forms. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto w-full max-w-2xl rounded-xl bg-white p-6 shadow-md sm:p-10">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-700">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
