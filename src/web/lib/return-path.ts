import { portalPathByAccountType, portalPaths } from '@shared/accounts';

/**
 * Where a signed-out visitor of a portal page signs in, and the way back: the login page carries
 * the page they were on as `?next=` (path and query), and after signing in they land there.
 */

const RETURN_PARAM = 'next';
const ADMIN_LOGIN = '/admin/login';

function isUnder(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** The login page for a portal page: practice, professional or admin; null outside the portals. */
export function loginPathFor(pathname: string): string | null {
  if (isUnder(pathname, ADMIN_LOGIN)) return null;
  if (isUnder(pathname, portalPathByAccountType.admin)) return ADMIN_LOGIN;
  if (isUnder(pathname, portalPathByAccountType.practice)) return '/practice-login';
  const professionalPortals = [
    portalPathByAccountType.hygienist,
    portalPathByAccountType.assistant,
    portalPathByAccountType['front-desk'],
  ];
  if (professionalPortals.some((root) => isUnder(pathname, root))) return '/professional-login';
  return null;
}

/** Whether `path` (path + query) is a page of the portal at `portalPath`. */
export function isInPortal(path: string, portalPath: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return isUnder(pathname, portalPath);
}

/**
 * `/practice-login?next=%2Fpractice-portal%2Fschedule` for the page at `path` (path + query);
 * just the login page for a portal's home.
 */
export function loginUrlWithReturn(loginPath: string, path: string): string {
  const back = safeReturnPath(path);
  // A portal's home is where signing in leads anyway: no need to carry it.
  if (!back || portalPaths.includes(back)) return loginPath;
  return `${loginPath}?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}

/**
 * The `next` of a login page's query when it is a page of this site's portals (path and query,
 * no other origin, no protocol-relative or backslash tricks); null otherwise.
 */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || /^\/[/\\]/.test(candidate)) return null;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a path
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  const base = 'https://chairfill.invalid';
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  if (url.origin !== base || loginPathFor(url.pathname) === null) return null;
  return `${url.pathname}${url.search}`;
}

let leaving = false;

/**
 * The page is being left on purpose (signing out goes home): the 401s and the 'signed-out' live
 * update that its own sign-out causes must not send it to the login page instead.
 */
export function leavingPage(): void {
  leaving = true;
}

/**
 * The API answered 401 (the session ended elsewhere: password reset, 'sign out everywhere',
 * expiry): a portal page goes to its login with the way back, with a full page load so nothing
 * of the ended session stays in memory. Outside the portals (login and signup pages) the page
 * shows the answer itself.
 */
export function goToLoginAfterSessionEnded(): boolean {
  if (typeof window === 'undefined' || leaving) return false;
  const { pathname, search } = window.location;
  const loginPath = loginPathFor(pathname);
  if (!loginPath) return false;
  leaving = true;
  window.location.assign(loginUrlWithReturn(loginPath, `${pathname}${search}`));
  return true;
}
