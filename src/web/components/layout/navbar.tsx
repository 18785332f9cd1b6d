import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';

const navLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About', end: false },
  { to: '/consulting-benefits', label: 'For Dental Offices', end: false },
  { to: '/professional-benefits', label: 'For Professionals', end: false },
  { to: '/professional-login', label: 'Professional Login', end: false },
  { to: '/practice-login', label: 'Office Login', end: false },
] as const;

const MENU_ID = 'site-menu';

function linkClass({ isActive }: { isActive: boolean }) {
  const base =
    'block rounded-md px-3 py-2 text-base font-medium transition-colors lg:text-sm xl:text-base';
  return isActive
    ? `${base} bg-brand-50 font-semibold text-brand-800 underline decoration-2 underline-offset-8`
    : `${base} text-slate-700 hover:bg-slate-100 hover:text-ink`;
}

/**
 * Site-wide top navigation for the public pages. It works without JavaScript (public pages are
 * static HTML): on small screens the links sit in a native <details> disclosure.
 */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const links = (
    <>
      {navLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={linkClass} onClick={close}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6 lg:flex-nowrap lg:px-8"
      >
        <Link
          to="/"
          onClick={close}
          className="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-ink"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 32 32"
            className="h-8 w-8 shrink-0"
            fill="none"
            focusable="false"
          >
            <rect width="32" height="32" rx="8" fill="#0e7490" />
            <path
              d="M10 9c2.4-1.2 4.2-.6 6 .6 1.8-1.2 3.6-1.8 6-.6 2.4 1.4 2 5.4 1 8.4-.8 2.6-1.4 6.6-3 6.6-1.8 0-1.6-5-4-5s-2.2 5-4 5c-1.6 0-2.2-4-3-6.6-1-3-1.4-7 1-8.4Z"
              fill="#ffffff"
            />
          </svg>
          ChairFill
        </Link>

        <ul className="hidden lg:flex lg:flex-row lg:items-center lg:gap-1">{links}</ul>

        <details
          className="group w-full lg:hidden [&:not([open])]:w-auto"
          open={open}
          onToggle={(event) => setOpen(event.currentTarget.open)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) close();
          }}
        >
          <summary className="ml-auto flex w-fit cursor-pointer list-none items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-ink [&::-webkit-details-marker]:hidden">
            <Menu className="h-6 w-6 group-open:hidden" aria-hidden="true" />
            <X className="hidden h-6 w-6 group-open:block" aria-hidden="true" />
            <span className="sr-only">Menu</span>
          </summary>
          <ul
            id={MENU_ID}
            className="mt-3 flex w-full flex-col gap-1 border-t border-slate-200 pt-3"
          >
            {links}
          </ul>
        </details>
      </nav>
    </header>
  );
}
