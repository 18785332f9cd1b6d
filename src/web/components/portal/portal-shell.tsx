import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LogOut, Menu, X, type LucideIcon } from 'lucide-react';

export interface PortalNavItem {
  /** Path relative to the portal root ('' is the dashboard). */
  path: string;
  label: string;
  icon: LucideIcon;
  /** A count shown next to the label (unread messages); 0 or none shows nothing. */
  badge?: number;
  /** The accessible name when a badge is shown (e.g. 'Messages, 2 unread'). */
  badgeLabel?: string;
}

interface PortalShellProps {
  portalPath: string;
  heading: ReactNode;
  subheading: ReactNode;
  items: PortalNavItem[];
  signOutLabel: string;
  onSignOut: () => void;
  signingOut: boolean;
  /** Shown at the top of every page of the portal, e.g. the notification bell. */
  headerActions?: ReactNode;
  children: ReactNode;
}

/** Sidebar layout of every portal; on small screens a menu toggle opens the sidebar over an overlay. */
export function PortalShell(props: PortalShellProps) {
  const [open, setOpen] = useState(false);
  const badged = props.items.filter((item) => (item.badge ?? 0) > 0);

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <header className="relative z-40 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <span className="text-lg font-bold text-brand-700">ChairFill</span>
        <div className="flex items-center gap-1">
          {props.headerActions}
          <button
            type="button"
            className="relative rounded-md p-2 text-ink hover:bg-slate-100"
            aria-expanded={open}
            aria-controls="portal-sidebar"
            aria-label={`${open ? 'Close menu' : 'Open menu'}${badged.length ? `, ${badged.map((item) => item.badgeLabel ?? item.label).join(', ')}` : ''}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            {badged.length && !open ? (
              <span
                aria-hidden="true"
                className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
              >
                {badged.reduce((sum, item) => sum + (item.badge ?? 0), 0)}
              </span>
            ) : null}
          </button>
        </div>
      </header>
      {open ? (
        <div
          className="fixed inset-0 z-30 bg-slate-900/50 md:hidden"
          aria-hidden="true"
          onClick={() => setOpen(false)}
        />
      ) : null}
      <nav
        id="portal-sidebar"
        aria-label="Portal"
        className={`fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-slate-200 bg-white p-4 md:static md:flex ${open ? 'flex' : 'hidden'}`}
      >
        <div className="mb-6 border-b border-slate-200 pb-4">
          <p className="hidden text-lg font-bold text-brand-700 md:block">ChairFill</p>
          <p className="mt-2 font-semibold text-ink">{props.heading}</p>
          <p className="text-sm text-slate-700">{props.subheading}</p>
        </div>
        <ul className="flex-1 space-y-1">
          {props.items.map((item) => (
            <li key={item.path}>
              <NavLink
                // The dashboard only at the root; a section also for the pages inside it.
                end={!item.path}
                onClick={() => setOpen(false)}
                to={item.path ? `${props.portalPath}/${item.path}` : props.portalPath}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-md px-3 py-2 font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100'}`
                }
              >
                <item.icon className="h-5 w-5" aria-hidden="true" />
                {item.badge ? (
                  <>
                    <span className="sr-only">{item.badgeLabel ?? item.label}</span>
                    <span aria-hidden="true" className="flex flex-1 items-center justify-between">
                      {item.label}
                      <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                        {item.badge}
                      </span>
                    </span>
                  </>
                ) : (
                  item.label
                )}
              </NavLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={props.onSignOut}
          disabled={props.signingOut}
          className="mt-4 flex items-center gap-3 rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
        >
          <LogOut className="h-5 w-5" aria-hidden="true" />
          {props.signOutLabel}
        </button>
      </nav>
      <div className="min-w-0 flex-1">
        {props.headerActions ? (
          <div className="hidden items-center justify-end gap-2 border-b border-slate-200 bg-white px-8 py-2 md:flex">
            {props.headerActions}
          </div>
        ) : null}
        <main id="main" className="min-w-0 p-4 md:p-8">
          {props.children}
        </main>
      </div>
    </div>
  );
}
