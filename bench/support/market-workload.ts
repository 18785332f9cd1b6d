import path from 'node:path';
import { MESSAGES_PER_MINUTE } from '../../src/shared/conversations/conversations';
import { practiceDateOf } from '../../src/shared/practice/shift-dates';
import { MARKET_EMAIL_DOMAIN, MARKET_PASSWORD } from '../seed/market-sql';
import type { LoadRequest } from './run-load';
import { reusableSessions } from './reusable-sessions';
import { FIXTURE_CHECK_IN_CODE, FIXTURE_NOTE, type WriteFixtures } from './write-fixtures';

export interface MarketWorkload {
  practiceSessions: number;
  professionalSessions: number;
  /** Each endpoint's next request (a different session, body or shift each time). */
  endpoints: Record<string, () => LoadRequest>;
  /**
   * Requests not sent yet of a write that acts on one row each (a shift applied for once, a
   * booking checked in once); undefined for the others, which can be sent again and again.
   */
  left(name: string): number | undefined;
  /** Whether the endpoint changes something (its requests are not GETs). */
  isWrite(name: string): boolean;
  /**
   * The reads every portal page makes beside its section, measured alone and left out of the
   * mixes (theirs and the cold start's), so those compare with earlier sessions.
   */
  pageReadNames: string[];
  /** The mixed workload: every endpoint but the baselines in turn, each request labelled with it. */
  mixed(): LoadRequest;
  /** Sends one request of each endpoint; returns the refused ones with the product's answer. */
  probe(): Promise<string[]>;
}

/**
 * The signed-in accounts of the load benchmark: the first `sessions` practices of the market and
 * as many verified hygienists (the seed's rules: numbers n with n % 20 in 0..7 except 3, not
 * suspended by n % 97 = 5), practices first.
 */
export function benchSessionAccounts(sessions: number) {
  const hygienists = Array.from({ length: sessions * 4 }, (_, i) => i + 1)
    .filter((n) => n % 20 < 8 && n % 20 !== 3 && n % 97 !== 5)
    .slice(0, sessions);
  return [
    ...Array.from({ length: sessions }, (_, i) => ({
      email: `practice-${i + 1}@${MARKET_EMAIL_DOMAIN}`,
      audience: 'practice' as const,
    })),
    ...hygienists.map((n) => ({
      email: `hygienist-${n}@${MARKET_EMAIL_DOMAIN}`,
      audience: 'professional' as const,
    })),
  ];
}

/**
 * The load benchmark's workload on the synthetic market served at `base`: signed-in sessions of
 * `sessions` practices and as many verified hygienists (kept between runs in bench/.market, as
 * the sign-in rate limit allows ten per address in 15 minutes), their locations and the review
 * shifts they may apply for, and the requests of every measured endpoint.
 */
export async function prepareMarketWorkload(options: {
  base: string;
  engine: string;
  scale: string;
  sessions: number;
  /** Rows the writes act on (bench/support/write-fixtures.ts), made before the server started. */
  fixtures: WriteFixtures;
}): Promise<MarketWorkload> {
  const { base, engine, scale, sessions, fixtures } = options;
  const database = process.env.DATABASE_URL
    ? new URL(process.env.DATABASE_URL).pathname.slice(1)
    : 'pglite';
  const sessionsFile = path.join(
    'bench',
    '.market',
    `sessions-${engine}-${scale}-${database}.json`,
  );

  const practiceCookies: string[] = [];
  const professionalCookies: string[] = [];
  const accounts = benchSessionAccounts(sessions);
  const cookies = await reusableSessions(base, sessionsFile, accounts, MARKET_PASSWORD);
  practiceCookies.push(...cookies.slice(0, sessions));
  professionalCookies.push(...cookies.slice(sessions));
  const cookieOf = new Map(accounts.map((account, i) => [account.email, cookies[i]!]));
  const withCookie = <T extends { email: string }>(rows: T[]) =>
    rows.flatMap((row) => {
      const cookie = cookieOf.get(row.email);
      return cookie ? [{ ...row, cookie }] : [];
    });

  const getJson = async (url: string, cookie: string) => {
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  /** The last day every required credential of theirs is still valid, or null when none lapses. */
  const lastDayCredentialsHold = async (cookie: string) => {
    const { credentials, required } = (await getJson('/api/professional/credentials', cookie)) as {
      credentials: { kind: string; status: string; expiresOn: string | null }[];
      required: { kind: string }[];
    };
    const lastDays = required.flatMap(({ kind }) => {
      const held = credentials.filter((c) => c.kind === kind && c.status === 'verified');
      if (held.length === 0 || held.some((c) => c.expiresOn === null)) return [];
      return [
        held
          .map((c) => c.expiresOn!)
          .sort()
          .at(-1)!,
      ];
    });
    return lastDays.sort()[0] ?? null;
  };

  // Each practice's first location (to post shifts) and user ids (for the one-row baseline).
  const practiceLocations: string[] = [];
  const userIds: string[] = [];
  for (const cookie of practiceCookies) {
    const { locations } = (await getJson('/api/practice/locations', cookie)) as {
      locations: { id: string }[];
    };
    practiceLocations.push(locations[0]!.id);
    const session = (await getJson('/api/session', cookie)) as { user: { id: string } };
    userIds.push(session.user.id);
  }
  // Open shifts each professional may apply for or book (from their own Find Shifts board).
  const applications: { cookie: string; shiftId: string }[] = [];
  const instantBookings: { cookie: string; shiftId: string }[] = [];
  const instantShiftIds = new Set<string>();
  // The scorecards request each professional's Find Shifts sends for its board's practices.
  const scorecardReads: { cookie: string; path: string }[] = [];
  for (const cookie of professionalCookies) {
    const board = (await getJson(
      '/api/professional/shift-board?maxDistance=100&includeBelowMinimum=true',
      cookie,
    )) as {
      shifts: {
        id: string;
        practiceId: string;
        bookingMode: string;
        startTime: string;
        endTime: string;
        notes: string;
        myApplication: unknown;
        bookedAtThisTime: boolean;
        offer: { block: { dates: Array<{ startTime: string; endTime: string }> } | null };
      }[];
    };
    // A professional never holds two bookings at the same time (issue 41): the shifts they apply
    // for or book (every date of a whole block) overlap no booking they hold and none they will
    // book here, so the runs measure the writes, not the refusal.
    const { bookings } = (await getJson('/api/professional/bookings', cookie)) as {
      bookings: Array<{ status: string; shift: { startTime: string; endTime: string } }>;
    };
    const taken: Array<[number, number]> = bookings
      .filter((booking) => booking.status === 'confirmed')
      .map(({ shift }) => [Date.parse(shift.startTime), Date.parse(shift.endTime)]);
    const timesOf = (shift: (typeof board.shifts)[number]) =>
      (shift.offer.block?.dates ?? [shift]).map(
        ({ startTime, endTime }) => [Date.parse(startTime), Date.parse(endTime)] as const,
      );
    const free = (shift: (typeof board.shifts)[number]) =>
      timesOf(shift).every(([start, end]) => taken.every(([s, e]) => end <= s || start >= e));
    // The board shows shifts after a required credential of theirs lapses (the refusal explains
    // itself, decision record 024); the benchmark leaves those out.
    const lastDay = await lastDayCredentialsHold(cookie);
    const practiceIds = [...new Set(board.shifts.map((shift) => shift.practiceId))].sort();
    if (practiceIds.length > 0) {
      scorecardReads.push({
        cookie,
        path: `/api/professional/practice-scorecards?practiceIds=${practiceIds.join(',')}`,
      });
    }
    // The instant shifts first: the review shifts applied for then keep clear of them too.
    const instantFirst = [...board.shifts].sort(
      (a, b) => Number(a.bookingMode !== 'instant') - Number(b.bookingMode !== 'instant'),
    );
    for (const shift of instantFirst) {
      if (lastDay && shift.startTime.slice(0, 10) > lastDay) continue;
      if (shift.bookedAtThisTime || !free(shift)) continue;
      // This run's own fixtures: a pending application made for the accept write is left for
      // it (withdrawn below, its acceptance in the mix was refused: 409, not pending).
      if (shift.notes === FIXTURE_NOTE) continue;
      if (shift.bookingMode === 'instant') {
        // Each shift once: boards overlap, and a second professional booking the same shift is
        // rightly refused (409, already taken), which is not what this write measures.
        if (!instantShiftIds.has(shift.id)) {
          instantShiftIds.add(shift.id);
          taken.push(...timesOf(shift).map(([start, end]): [number, number] => [start, end]));
          instantBookings.push({ cookie, shiftId: shift.id });
        }
        continue;
      }
      if (shift.bookingMode !== 'review') continue;
      const mine = shift.myApplication as { id: string; status: string } | null;
      // An earlier run's application is withdrawn first, so every run applies afresh.
      if (mine?.status === 'pending') {
        const withdrawn = await fetch(`${base}/api/professional/applications/${mine.id}/withdraw`, {
          method: 'POST',
          headers: { cookie, origin: base },
        });
        if (!withdrawn.ok) continue;
      } else if (mine && mine.status !== 'withdrawn') continue;
      applications.push({ cookie, shiftId: shift.id });
    }
  }

  /**
   * The writes that act on one row each (a shift applied for or booked once, a booking checked in
   * once...): their rows, sent in turn until none is left.
   */
  // A conversation of each practice session to read (the ones its messages are sent in).
  const conversationReads = withCookie(fixtures.conversations);
  const conversationsPerPractice = new Map<string, number>();
  const limited: Record<string, LoadRequest[]> = {
    'apply for a shift': applications.map(({ cookie, shiftId }) => ({
      method: 'POST',
      path: `/api/professional/shifts/${shiftId}/apply`,
      cookie,
      body: { note: '' },
    })),
    'book an instant shift': [
      ...instantBookings,
      ...withCookie(fixtures.instantShifts).map(({ cookie, id }) => ({ cookie, shiftId: id })),
    ].map(({ cookie, shiftId }) => ({
      method: 'POST',
      path: `/api/professional/shifts/${shiftId}/book`,
      cookie,
    })),
    'accept an application': withCookie(fixtures.acceptances).map(({ cookie, id }) => ({
      method: 'POST',
      path: `/api/practice/applications/${id}/accept`,
      cookie,
    })),
    'cancel a booking': withCookie(fixtures.cancellations).map(({ cookie, id }) => ({
      method: 'POST',
      path: `/api/professional/bookings/${id}/cancel`,
      cookie,
      body: { reason: 'A family emergency came up.' },
    })),
    'check in': withCookie(fixtures.checkIns).map(({ cookie, id }) => ({
      method: 'POST',
      path: `/api/professional/bookings/${id}/check-in`,
      cookie,
      body: { code: FIXTURE_CHECK_IN_CODE },
    })),
    'approve a timesheet': withCookie(fixtures.timesheets).map(({ cookie, id }) => ({
      method: 'POST',
      path: `/api/practice/timesheets/${id}/approve`,
      cookie,
    })),
    // Within the product's limit of messages a minute per sender (with room for the probe).
    'send a message': withCookie(fixtures.conversations)
      .filter(({ email }) => {
        const sent = conversationsPerPractice.get(email) ?? 0;
        conversationsPerPractice.set(email, sent + 1);
        return sent < MESSAGES_PER_MINUTE - 5;
      })
      .map(({ cookie, shiftId, professionalId }, i) => ({
        method: 'POST',
        path: `/api/practice/shifts/${shiftId}/conversations/${professionalId}/messages`,
        cookie,
        body: { body: `Parking is behind the building, entrance B. (${i + 1})` },
      })),
  };
  const sent: Record<string, number> = Object.fromEntries(
    Object.keys(limited).map((name) => [name, 0]),
  );
  const nextOf = (name: string) => () => {
    const list = limited[name]!;
    return list[sent[name]!++ % Math.max(1, list.length)]!;
  };
  // A quarter of each one-row write's rows is kept for the mixed workload, so it writes too.
  const keptForMix = (name: string) => (mixing ? 0 : Math.floor(limited[name]!.length / 4));
  let mixing = false;
  const left = (name: string) =>
    name in limited
      ? Math.max(0, limited[name]!.length - keptForMix(name) - sent[name]!)
      : undefined;

  let turn = 0;
  const pick = <T>(list: T[]) => list[turn++ % list.length]!;
  let posted = 0;
  const futureDates = (count: number) => {
    const day = new Date();
    // Within the postable range (up to the end of the month after next) from any day of the month.
    day.setUTCDate(day.getUTCDate() + 3 + (posted++ % 50));
    return Array.from({ length: count }, (_, i) => {
      const date = new Date(day);
      date.setUTCDate(day.getUTCDate() + i);
      return date.toISOString().slice(0, 10);
    });
  };
  // 'yyyy-MM' of the current month (practice time) and the next two: the months shifts are posted in.
  const listedMonths = [0, 1, 2].map((ahead) => {
    const [year, month] = practiceDateOf(new Date()).split('-').map(Number) as [number, number];
    const index = year * 12 + month - 1 + ahead;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });

  // What every portal page reads beside its section (page-load-hints.ts), and the other
  // sections' first reads: measured alone, not in the mix (its composition stays that of earlier
  // sessions, so its figures compare).
  // Every session of either side, for the reads both portals make.
  const signedIn = [
    ...practiceCookies.map((cookie) => ({ cookie, side: 'practice' })),
    ...professionalCookies.map((cookie) => ({ cookie, side: 'professional' })),
  ];
  const pageReads: Record<string, () => LoadRequest> = {
    'signed-in session': () => ({
      method: 'GET',
      path: '/api/session',
      cookie: pick(signedIn).cookie,
    }),
    'notifications (the bell)': () => ({
      method: 'GET',
      path: '/api/notifications',
      cookie: pick(signedIn).cookie,
    }),
    'unread messages (the badge)': () => {
      const { cookie, side } = pick(signedIn);
      return { method: 'GET', path: `/api/${side}/conversations/unread`, cookie };
    },
    'practice messages (conversations)': () => ({
      method: 'GET',
      path: '/api/practice/conversations',
      cookie: pick(practiceCookies),
    }),
    'practice conversation (its messages)': () => {
      const { cookie, shiftId, professionalId } = pick(conversationReads);
      return {
        method: 'GET',
        path: `/api/practice/shifts/${shiftId}/conversations/${professionalId}`,
        cookie,
      };
    },
    'professional messages (conversations)': () => ({
      method: 'GET',
      path: '/api/professional/conversations',
      cookie: pick(professionalCookies),
    }),
    // Below the Find Shifts board, asked when the section scrolls near (list-almost-a-match.ts).
    'Find Shifts: almost a match': () => ({
      method: 'GET',
      path: '/api/professional/shift-board/almost',
      cookie: pick(professionalCookies),
    }),
    'professional credentials': () => ({
      method: 'GET',
      path: '/api/professional/credentials',
      cookie: pick(professionalCookies),
    }),
    'practice review status': () => ({
      method: 'GET',
      path: '/api/practice/review',
      cookie: pick(practiceCookies),
    }),
    'practice check-in codes': () => ({
      method: 'GET',
      path: '/api/practice/check-in-codes',
      cookie: pick(practiceCookies),
    }),
    'practice locations': () => ({
      method: 'GET',
      path: '/api/practice/locations',
      cookie: pick(practiceCookies),
    }),
    'practice billing (the account)': () => ({
      method: 'GET',
      path: '/api/practice/billing',
      cookie: pick(practiceCookies),
    }),
  };

  const endpoints: Record<string, () => LoadRequest> = {
    'baseline: no-op route': () => ({ method: 'GET', path: '/api/bench/noop' }),
    'baseline: one row by primary key': () => ({
      method: 'GET',
      path: `/api/bench/row/${pick(userIds)}`,
    }),
    // The writes' baseline: one row inserted in one transaction (baseline-routes.ts).
    'baseline: one row written': () => ({
      method: 'POST',
      path: `/api/bench/write/${pick(userIds)}`,
    }),
    'practice dashboard': () => ({
      method: 'GET',
      path: '/api/practice/dashboard',
      cookie: pick(practiceCookies),
    }),
    // The list as it opens: a month's first page (the current month or one of the next two).
    'practice shift list': () => ({
      method: 'GET',
      path: `/api/practice/shifts?month=${pick(listedMonths)}`,
      cookie: pick(practiceCookies),
    }),
    'practice shift months': () => ({
      method: 'GET',
      path: '/api/practice/shift-months',
      cookie: pick(practiceCookies),
    }),
    'Find Shifts board': () => ({
      method: 'GET',
      path: '/api/professional/shift-board',
      cookie: pick(professionalCookies),
    }),
    // Beside Find Shifts: the scorecards of the board's practices (decision record 023).
    'Find Shifts practice scorecards': () => {
      const read =
        scorecardReads.length > 0
          ? pick(scorecardReads)
          : {
              cookie: pick(professionalCookies),
              path: '/api/professional/practice-scorecards?practiceIds=',
            };
      return { method: 'GET', path: read.path, cookie: read.cookie };
    },
    'practice billing (charges and invoices)': () => ({
      method: 'GET',
      path: '/api/practice/billing/money',
      cookie: pick(practiceCookies),
    }),
    'professional earnings (a year)': () => ({
      method: 'GET',
      path: '/api/professional/earnings',
      cookie: pick(professionalCookies),
    }),
    'professional profile': () => ({
      method: 'GET',
      path: '/api/professional/profile',
      cookie: pick(professionalCookies),
    }),
    'professional dashboard': () => ({
      method: 'GET',
      path: '/api/professional/dashboard',
      cookie: pick(professionalCookies),
    }),
    ...pageReads,
    'create a 3-date shift': () => {
      const index = turn++ % practiceCookies.length;
      return {
        method: 'POST',
        path: '/api/practice/shifts',
        cookie: practiceCookies[index]!,
        body: {
          position: 'Hygienist',
          dates: futureDates(3),
          startTime: '08:00',
          endTime: '16:00',
          rate: '48.00',
          locationId: practiceLocations[index]!,
          breakMinutes: 30,
          timePerPatient: 45,
          notes: '',
          bookingMode: 'review',
        },
      };
    },
    // A card that does not send a verified professional back to review (reviewedFieldLabels).
    'save a profile card': () => ({
      method: 'PUT',
      path: '/api/professional/profile',
      cookie: pick(professionalCookies),
      body: { employmentStatus: turn % 2 === 0 ? 'part-time' : 'temp' },
    }),
    ...Object.fromEntries(Object.keys(limited).map((name) => [name, nextOf(name)])),
  };

  const mixedEntries = Object.entries(endpoints).filter(
    ([name]) => !name.startsWith('baseline') && !(name in pageReads),
  );
  let mixTurn = 0;
  return {
    practiceSessions: practiceCookies.length,
    professionalSessions: professionalCookies.length,
    endpoints,
    left,
    // A one-row write's next() would use up a row: those are writes by definition. A name that
    // is no endpoint (the mixed workload) is none.
    isWrite: (name) => {
      const next = endpoints[name];
      return name in limited || (next !== undefined && next().method !== 'GET');
    },
    pageReadNames: Object.keys(pageReads),
    mixed() {
      mixing = true;
      for (;;) {
        const [name, next] = mixedEntries[mixTurn++ % mixedEntries.length]!;
        if (left(name) === 0) continue;
        return { ...next(), label: name };
      }
    },
    async probe() {
      const refused: string[] = [];
      for (const [name, next] of Object.entries(endpoints)) {
        if (left(name) === 0) continue;
        const request = next();
        const response = await fetch(`${base}${request.path}`, {
          method: request.method,
          headers: {
            origin: base,
            ...(request.cookie ? { cookie: request.cookie } : {}),
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
        const text = await response.text();
        if (!response.ok) refused.push(`${name}: ${response.status} ${text.slice(0, 300)}`);
      }
      return refused;
    },
  };
}
