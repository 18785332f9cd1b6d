import type { ReactNode } from 'react';
import { contact } from '@web/lib/site-config';
import { phoneHref } from './contact-links';

/** Inline link style inside legal text. */
export const legalLinkClass =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** A legal document (privacy policy, terms): header with title, date and intro, then sections. */
export function LegalPageLayout({
  title,
  lastUpdated,
  intro,
  children,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink">{title}</h1>
        <p className="mt-3 text-sm text-slate-700">Last updated: {lastUpdated}</p>
        <p className="mt-6 text-lg leading-8 text-slate-700">{intro}</p>
      </header>
      {children}
    </article>
  );
}

/** A numbered section of a legal document; styles the h3, lists and paragraphs inside it. */
export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-700 [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

/** The support e-mail address as a mailto link. */
export function LegalEmailLink() {
  return (
    <a href={`mailto:${contact.email}`} className={`${legalLinkClass} break-all`}>
      {contact.email}
    </a>
  );
}

/** The support phone number as a tel link. */
export function LegalPhoneLink() {
  return (
    <a href={phoneHref} className={legalLinkClass}>
      {contact.phone}
    </a>
  );
}
