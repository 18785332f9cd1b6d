import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { phoneHref } from '@web/components/public/contact-links';
import { contact } from '@web/lib/site-config';

const quickLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/consulting-benefits', label: 'For Dental Offices' },
  { to: '/professional-benefits', label: 'For Professionals' },
  { to: '/pricing', label: 'Pricing' },
];

const legalLinks = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
];

function SocialIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const socialLinks = [
  {
    href: 'https://www.facebook.com/',
    label: 'ChairFill on Facebook',
    icon: (
      <SocialIcon>
        <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
      </SocialIcon>
    ),
  },
  {
    href: 'https://www.linkedin.com/',
    label: 'ChairFill on LinkedIn',
    icon: (
      <SocialIcon>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect x="2" y="9" width="4" height="12" />
        <circle cx="4" cy="4" r="2" />
      </SocialIcon>
    ),
  },
  {
    href: 'https://www.instagram.com/',
    label: 'ChairFill on Instagram',
    icon: (
      <SocialIcon>
        <rect x="2" y="2" width="20" height="20" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </SocialIcon>
    ),
  },
];

const footerLinkClass =
  'rounded text-slate-300 hover:text-white hover:underline focus-visible:outline-white';

const footerHeadingClass = 'text-sm font-semibold tracking-wide text-white uppercase';

/** One titled column of internal footer links. */
function FooterLinkColumn({
  title,
  links,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <div>
      <h2 className={footerHeadingClass}>{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLinkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Site-wide footer: quick links, legal links, social links and support contact. */
export function Footer() {
  const year = new Date().getFullYear();

  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" className="rounded text-xl font-bold text-white focus-visible:outline-white">
            ChairFill
          </Link>
          <p className="mt-3 text-sm leading-6">
            Dependable dental staffing with a white-glove, local-agency touch. Screened hygienists,
            dental assistants and front desk professionals for New Jersey practices.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {socialLinks.map((social) => (
              <li key={social.href}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-brand-700 hover:text-white focus-visible:outline-white"
                >
                  {social.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterLinkColumn title="Quick Links" links={quickLinks} />

        <FooterLinkColumn title="Legal" links={legalLinks} />

        <div>
          <h2 className={footerHeadingClass}>Contact Us</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex items-start gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${contact.email}`} className={`${footerLinkClass} break-all`}>
                {contact.email}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <a href={phoneHref} className={footerLinkClass}>
                {contact.phone}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="whitespace-pre-line">{contact.address}</span>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">
          © {year} ChairFill. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
