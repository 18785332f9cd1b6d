import { portalPaths } from './accounts';

export interface PublicPage {
  path: string;
  title: string;
  description: string;
}

/** Marketing pages: pre-rendered to static HTML at build time. */
export const publicPages: PublicPage[] = [
  {
    path: '/',
    title: 'ChairFill | Dental staffing for New Jersey practices',
    description:
      'ChairFill connects New Jersey dental practices with screened, dependable hygienists, dental assistants and front desk professionals.',
  },
  {
    path: '/about',
    title: 'About ChairFill | Local dental staffing with a personal touch',
    description:
      'Why ChairFill exists: dependable, white-glove dental staffing from people who know New Jersey practices.',
  },
  {
    path: '/consulting-benefits',
    title: 'For Dental Offices | ChairFill',
    description:
      'Fill hygienist, dental assistant and front desk shifts with pre-screened local professionals matched to your practice.',
  },
  {
    path: '/professional-benefits',
    title: 'For Dental Professionals | ChairFill',
    description:
      'Find temporary and permanent dental shifts near you that fit your schedule, your rate and your skills.',
  },
  {
    path: '/pricing',
    title: 'Pricing | ChairFill',
    description:
      'ChairFill charges dental practices a percentage of each worked shift: no subscription, no posting fees. Pay professionals through ChairFill or your own payroll.',
  },
  {
    path: '/privacy',
    title: 'Privacy Policy | ChairFill',
    description:
      'How ChairFill collects, uses and protects the information of practices and professionals.',
  },
  {
    path: '/terms',
    title: 'Terms of Service | ChairFill',
    description: 'The terms that apply to dental practices and professionals using ChairFill.',
  },
];

export const notFoundPage: PublicPage = {
  path: '/404',
  title: 'Page not found | ChairFill',
  description: 'The page you are looking for does not exist.',
};

/** Pages of the single-page app that are not pre-rendered (forms and portals). */
export const appPagePatterns: RegExp[] = [
  /^\/dental-office-signup$/,
  /^\/professional-signup$/,
  /^\/professional-signup\/[^/]+$/,
  /^\/practice-login$/,
  /^\/professional-login$/,
  /^\/reset-password$/,
  /^\/forgot-password$/,
  /^\/confirm-email$/,
  /^\/login$/,
  ...portalPaths.map((portal) => new RegExp(`^${portal}(/.*)?$`)),
];

export const appPageTitles: Array<[RegExp, string]> = [
  [/^\/dental-office-signup$/, 'Create Your Dental Office Account | ChairFill'],
  [/^\/professional-signup/, 'Professional Sign Up | ChairFill'],
  [/^\/practice-login$/, 'Dental Office Portal Login | ChairFill'],
  [/^\/professional-login$/, 'Professional Login | ChairFill'],
  [/^\/(reset|forgot)-password$/, 'Reset Your Password | ChairFill'],
  [/^\/confirm-email$/, 'Confirm Your New E-mail | ChairFill'],
  [/^\/login$/, 'Login | ChairFill'],
  [/^\/practice-portal/, 'Practice Portal | ChairFill'],
  [/^\/(hygienist-portal|dental-assistant|front-desk-portal)/, 'Professional Portal | ChairFill'],
  [/^\/admin\/login$/, 'Admin Login | ChairFill'],
  [/^\/admin(\/.*)?$/, 'Screening Console | ChairFill'],
];

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function titleForPath(pathname: string): string {
  const path = normalizePath(pathname);
  const page = publicPages.find((p) => p.path === path);
  if (page) return page.title;
  const app = appPageTitles.find(([pattern]) => pattern.test(path));
  return app ? app[1] : notFoundPage.title;
}
