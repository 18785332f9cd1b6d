import { portalPathByAccountType, professionalRoles } from './accounts';
import { practiceDateOf } from './practice/shift-dates';
import type { ShiftMonthsDto } from './practice/practice-replies';

/**
 * What a portal page opened by its address needs before it can show anything, announced in the
 * page's HTML so the browser fetches it alongside the app's entry script instead of one step at a
 * time after it (decision record 033): the code of the portal and of the section (source modules,
 * resolved to their built chunks through Vite's manifest) and the API reads the first screen
 * makes (the session check and the section's data). Every entry whose pattern matches the page's
 * path applies. A request listed here must be made by the page exactly as written (same path and
 * query), or the browser fetches it twice: `test/unit/page-load-hints.test.ts` checks that each is
 * a GET route of the API; that each page asks for it once was checked in Lighthouse's network list.
 */
export interface PageLoadHint {
  pattern: RegExp;
  /** Source modules (paths from the project's root) the page imports on its first screen. */
  modules: string[];
  /**
   * Same-origin GET requests the page's first screen makes, in the order it needs them; one that
   * depends on the date is a function of the moment the page is served.
   */
  requests: Array<string | ((now: Date) => string)>;
  /**
   * Reads the first screen makes with what one of its reads answered (each month's first page,
   * once the months are known): the server asks its own API for `after`, as the visitor, while
   * it serves the HTML, and announces the reads `then` names from the answer, so they do not wait
   * for the page's code and that answer one after the other.
   */
  followUps?: FollowUpReads[];
}

export interface FollowUpReads {
  /** A read of `requests` whose answer names the next ones. */
  after: string;
  then: (answer: unknown) => string[];
}

/** Follow-up reads typed by the answer they come from (the API's reply type). */
function followUp<Answer>(after: string, then: (answer: Answer) => string[]): FollowUpReads {
  return { after, then: then as (answer: unknown) => string[] };
}

/** 'yyyy-MM' of `now` in the practices' time zone: the month the dashboard opens on. */
const practiceMonth = (now: Date) => practiceDateOf(now).slice(0, 7);

const practice = portalPathByAccountType.practice;
const professional = `(?:${professionalRoles.map((role) => portalPathByAccountType[role]).join('|')})`;
const section = (portal: string, name: string) => new RegExp(`^${portal}/${name}/?$`);

const portalModules = ['src/web/app-providers.tsx'];
const professionalSectionModules: Record<string, string> = {
  schedule: 'src/web/features/professional-profile/components/schedule-section.tsx',
  'find-shifts': 'src/web/features/shift-board/components/find-shifts-section.tsx',
  availability: 'src/web/features/professional-profile/components/availability-section.tsx',
  profile: 'src/web/features/professional-profile/components/profile-section.tsx',
  earnings: 'src/web/features/money/components/earnings-section.tsx',
  credentials: 'src/web/features/credentials/components/credentials-section.tsx',
  messages: 'src/web/features/messages/components/messages-section.tsx',
};

/** The first reads of a professional's sections beyond the portal's own. */
const professionalSectionRequests: Record<string, string[]> = {
  'find-shifts': ['/api/professional/shift-board'],
  earnings: ['/api/professional/earnings'],
  messages: ['/api/professional/conversations'],
};

export const pageLoadHints: PageLoadHint[] = [
  {
    pattern: new RegExp(`^${practice}(/.*)?$`),
    modules: [...portalModules, 'src/web/portals/practice-portal.tsx'],
    requests: ['/api/session', '/api/notifications', '/api/practice/conversations/unread'],
  },
  {
    pattern: new RegExp(`^${practice}/?$`),
    modules: [],
    requests: [
      '/api/practice/review',
      '/api/practice/check-in-codes',
      '/api/practice/dashboard',
      (now) => `/api/practice/shifts?month=${practiceMonth(now)}`,
    ],
  },
  {
    pattern: section(practice, 'staffing-requests'),
    modules: ['src/web/features/shifts/components/shift-requests-list.tsx'],
    requests: ['/api/practice/review', '/api/practice/locations', '/api/practice/shift-months'],
    // Every month listed opens with its first page (shift-requests-list.tsx, all positions).
    followUps: [
      followUp<ShiftMonthsDto>('/api/practice/shift-months', ({ months }) =>
        months
          .filter(({ counts }) => counts.all > 0)
          .map(({ month }) => `/api/practice/shifts?${new URLSearchParams({ month })}`),
      ),
    ],
  },
  {
    pattern: section(practice, 'billing'),
    modules: ['src/web/features/billing/components/billing-section.tsx'],
    requests: ['/api/practice/billing', '/api/practice/billing/money'],
  },
  {
    pattern: section(practice, 'messages'),
    modules: ['src/web/features/messages/components/messages-section.tsx'],
    requests: ['/api/practice/conversations'],
  },
  {
    pattern: new RegExp(`^${professional}(/.*)?$`),
    modules: [...portalModules, 'src/web/portals/professional-portal.tsx'],
    requests: [
      '/api/session',
      '/api/notifications',
      '/api/professional/profile',
      '/api/professional/conversations/unread',
    ],
  },
  ...Object.entries(professionalSectionModules).map(([name, module]) => ({
    pattern: section(professional, name),
    modules: [module],
    requests: professionalSectionRequests[name] ?? [],
  })),
];

/** The hints of the page at `path` (already normalised: no trailing slash but the root's). */
export function pageLoadHintsFor(
  path: string,
  now = new Date(),
): { modules: string[]; requests: string[]; followUps: FollowUpReads[] } {
  const modules = new Set<string>();
  const requests = new Set<string>();
  const followUps: FollowUpReads[] = [];
  for (const hint of pageLoadHints) {
    if (!hint.pattern.test(path)) continue;
    for (const module of hint.modules) modules.add(module);
    for (const request of hint.requests)
      requests.add(typeof request === 'string' ? request : request(now));
    followUps.push(...(hint.followUps ?? []));
  }
  return { modules: [...modules], requests: [...requests], followUps };
}
