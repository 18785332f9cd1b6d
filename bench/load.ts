/**
 * `npm run bench:load -- --scale small|large [--connections 50] [--duration 10]`: requests per
 * second, p50/p95/p99 latency and failures of the hot endpoints with signed-in sessions of many
 * different practices and professionals, against the synthetic market (bench:seed), then a mixed
 * workload; with two baselines on the same engine (a route that does nothing, one that reads a row
 * by primary key). PostgreSQL when DATABASE_URL is set, else PGlite. Loopback only, bounded in time.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { marketDataDir, seedMarket } from './seed-market';
import { MARKET_EMAIL_DOMAIN, MARKET_PASSWORD } from './seed/market-sql';
import { runLoad, type LoadRequest, type LoadResult } from './support/run-load';
import { reusableSessions } from './support/reusable-sessions';
import { startProduct } from './support/start-product';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '4390' },
    sessions: { type: 'string', default: '40' },
    label: { type: 'string', default: '' },
  },
});
const scale = values.scale!;
const connections = Number(values.connections);
const duration = Number(values.duration);
const sessions = Number(values.sessions);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
// Sessions are kept between runs (the sign-in rate limit allows ten per address in 15 minutes).
const sessionsFile = path.join(
  'bench',
  '.market',
  `sessions-${engine}-${scale}-${process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : 'pglite'}.json`,
);

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
  const accounts = [
    ...Array.from({ length: sessions }, (_, i) => ({
      email: `practice-${i + 1}@${MARKET_EMAIL_DOMAIN}`,
      audience: 'practice' as const,
    })),
    ...hygienists.map((n) => ({
      email: `hygienist-${n}@${MARKET_EMAIL_DOMAIN}`,
      audience: 'professional' as const,
    })),
  ];
  const cookies = await reusableSessions(base, sessionsFile, accounts, MARKET_PASSWORD);
  practiceCookies.push(...cookies.slice(0, sessions));
  professionalCookies.push(...cookies.slice(sessions));

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

  // One request of each first, so a refused one shows why instead of only counting as failed.
  for (const [name, next] of Object.entries(endpoints)) {
    if (name === 'apply for a shift' && applications.length === 0) continue;
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
    if (!response.ok) console.warn(`${name}: ${response.status} ${text.slice(0, 300)}`);
  }

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

  // Service time without queueing: each read endpoint again over one connection.
  const alone: Record<string, LoadResult> = {};
  for (const [name, next] of Object.entries(endpoints)) {
    if (name.startsWith('create') || name.startsWith('apply')) continue;
    alone[name] = await runLoad({ ...common, connections: 1, durationSeconds: 3, name, next });
  }

  const baseline = results.find((r) => r.name === 'baseline: one row by primary key')!;
  const rows = results.map((r) => ({
    ...r,
    aloneP50: alone[r.name]?.p50 ?? null,
    aloneP95: alone[r.name]?.p95 ?? null,
    ratioToRowBaseline: Math.round((r.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100,
  }));
  const title = `Load: ${engine}, scale ${scale}, ${connections} connections, ${duration} s each`;
  const machine = `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} at the end`;
  const table = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with ${practiceCookies.length} practice and ${professionalCookies.length} professional sessions; ${machine}.`,
    '',
    `Latencies at ${connections} connections queue behind each other (closed loop: a connection sends its next request when the previous one is answered); the last two columns are the same endpoint over one connection for 3 s, its service time without queueing.`,
    '',
    `| endpoint | req/s | ratio to one-row baseline | p50 ms | p95 ms | p99 ms | requests | failed | alone p50 ms | alone p95 ms |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.ratioToRowBaseline.toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.requests} | ${r.failed}${r.note ? ` (${r.note})` : ''} | ${r.aloneP50 ?? '—'} | ${r.aloneP95 ?? '—'} |`,
    ),
    '',
  ].join('\n');
  const file = path.join(
    'bench',
    'results',
    `load-${engine}-${scale}${values.label ? `-${values.label}` : ''}`,
  );
  writeFileSync(`${file}.md`, table);
  writeFileSync(
    `${file}.json`,
    JSON.stringify({ engine, scale, connections, duration, machine, rows }, null, 2),
  );
  console.log(table);
} finally {
  await product.stop();
}
