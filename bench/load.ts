/**
 * `npm run bench:load -- --scale small|large [--connections 50] [--duration 10]`: requests per
 * second, p50/p95/p99 latency and failures of the hot endpoints with signed-in sessions of many
 * different practices and professionals, against the synthetic market (bench:seed), then a mixed
 * workload; with two baselines on the same engine (a route that does nothing, one that reads a row
 * by primary key). PostgreSQL when DATABASE_URL is set, else PGlite. Loopback only, bounded in time.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { marketDataDir, seedMarket } from './seed-market';
import { MARKET_EMAIL_DOMAIN, MARKET_PASSWORD } from './seed/market-sql';
import { runLoad, type LoadRequest, type LoadResult } from './support/run-load';
import { signInCookie } from './support/sign-in';
import { startProduct } from './support/start-product';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '4390' },
    sessions: { type: 'string', default: '40' },
  },
});
const scale = values.scale!;
const connections = Number(values.connections);
const duration = Number(values.duration);
const sessions = Number(values.sessions);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

await seedMarket(scale);
const product = await startProduct(
  Number(values.port),
  { BENCH_ROUTES: 'true', DEMO_DATA: 'false' },
  engine === 'pglite' ? { dataDir: marketDataDir(scale) } : {},
);
const base = product.url;

try {
  const practiceCookies: string[] = [];
  const professionalCookies: string[] = [];
  // Verified hygienists of the market are the numbers n with n % 20 in 0..7 except 3 (seed rules).
  const hygienists = Array.from({ length: sessions * 4 }, (_, i) => i + 1)
    .filter((n) => n % 20 < 8 && n % 20 !== 3 && n % 97 !== 5)
    .slice(0, sessions);
  for (let i = 1; i <= sessions; i++) {
    practiceCookies.push(
      await signInCookie(base, `practice-${i}@${MARKET_EMAIL_DOMAIN}`, MARKET_PASSWORD, 'practice'),
    );
  }
  for (const n of hygienists) {
    professionalCookies.push(
      await signInCookie(
        base,
        `hygienist-${n}@${MARKET_EMAIL_DOMAIN}`,
        MARKET_PASSWORD,
        'professional',
      ),
    );
  }

  const getJson = async (url: string, cookie: string) => {
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
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
  // Open review shifts each professional may apply for (from their own Find Shifts board).
  const applications: { cookie: string; shiftId: string }[] = [];
  for (const cookie of professionalCookies) {
    const board = (await getJson(
      '/api/professional/shift-board?maxDistance=100&includeBelowMinimum=true',
      cookie,
    )) as {
      shifts: { id: string; bookingMode: string; myApplication: unknown }[];
    };
    for (const shift of board.shifts) {
      if (shift.bookingMode === 'review' && !shift.myApplication) {
        applications.push({ cookie, shiftId: shift.id });
      }
    }
  }

  let turn = 0;
  const pick = <T>(list: T[]) => list[turn++ % list.length]!;
  const futureDates = (count: number) => {
    const day = new Date();
    day.setUTCDate(day.getUTCDate() + 3 + (turn % 20));
    return Array.from({ length: count }, (_, i) => {
      const date = new Date(day);
      date.setUTCDate(day.getUTCDate() + i);
      return date.toISOString().slice(0, 10);
    });
  };
  let nextApplication = 0;

  const endpoints: Record<string, () => LoadRequest> = {
    'baseline: no-op route': () => ({ method: 'GET', path: '/api/bench/noop' }),
    'baseline: one row by primary key': () => ({
      method: 'GET',
      path: `/api/bench/row/${pick(userIds)}`,
    }),
    'practice dashboard': () => ({
      method: 'GET',
      path: '/api/practice/dashboard',
      cookie: pick(practiceCookies),
    }),
    'practice shift list': () => ({
      method: 'GET',
      path: '/api/practice/shifts',
      cookie: pick(practiceCookies),
    }),
    'Find Shifts board': () => ({
      method: 'GET',
      path: '/api/professional/shift-board',
      cookie: pick(professionalCookies),
    }),
    'professional profile': () => ({
      method: 'GET',
      path: '/api/professional/profile',
      cookie: pick(professionalCookies),
    }),
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
    'apply for a shift': () => {
      const next = applications[nextApplication++ % Math.max(1, applications.length)]!;
      return {
        method: 'POST',
        path: `/api/professional/shifts/${next.shiftId}/apply`,
        cookie: next.cookie,
        body: { note: '' },
      };
    },
  };

  const results: LoadResult[] = [];
  const common = { baseUrl: base, connections, durationSeconds: duration };
  for (const [name, next] of Object.entries(endpoints)) {
    // Each application can be sent once: cap the run at the pairs there are.
    const amount = name === 'apply for a shift' ? applications.length : undefined;
    if (amount === 0) continue;
    const usedBefore = nextApplication;
    results.push(await runLoad({ ...common, name, next, amount }));
    if (name === 'apply for a shift') {
      results.at(-1)!.note = `${nextApplication - usedBefore} distinct applications available`;
    }
  }
  // The mixed workload: every endpoint in turn (applications while there are unused ones).
  const mixed = Object.entries(endpoints).filter(([name]) => !name.startsWith('baseline'));
  let mixTurn = 0;
  results.push(
    await runLoad({
      ...common,
      name: 'mixed workload',
      next: () => {
        for (;;) {
          const [name, next] = mixed[mixTurn++ % mixed.length]!;
          if (name === 'apply for a shift' && nextApplication >= applications.length) continue;
          return next();
        }
      },
    }),
  );

  const baseline = results.find((r) => r.name === 'baseline: one row by primary key')!;
  const rows = results.map((r) => ({
    ...r,
    ratioToRowBaseline: Math.round((r.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100,
  }));
  const title = `Load: ${engine}, scale ${scale}, ${connections} connections, ${duration} s each`;
  const table = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with ${practiceCookies.length} practice and ${professionalCookies.length} professional sessions.`,
    '',
    '| endpoint | req/s | ratio to one-row baseline | p50 ms | p95 ms | p99 ms | requests | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.ratioToRowBaseline.toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.failed}${r.note ? ` (${r.note})` : ''} |`,
    ),
    '',
  ].join('\n');
  const file = path.join('bench', 'results', `load-${engine}-${scale}`);
  writeFileSync(`${file}.md`, table);
  writeFileSync(
    `${file}.json`,
    JSON.stringify({ engine, scale, connections, duration, rows }, null, 2),
  );
  console.log(table);
} finally {
  await product.stop();
}
