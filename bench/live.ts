/**
 * `npm run bench:live -- --scale small|large [--connections 5000] [--messages 300] [--rate 5]
 * [--label x]`: one product instance (production mode, jobs on) holding N open live streams
 * (`GET /api/live`, decision record 027) of market accounts, opened from this process; then M
 * messages from practices to professionals booked on their future shifts, each timed from sending
 * the POST to the `messages` event on the recipient's stream; with the server's memory and CPU
 * time (from /proc) and a plain read's latency with no stream and with N open. PostgreSQL when
 * DATABASE_URL is set, else PGlite (the kept market data dir). Sessions are written straight into
 * the `sessions` table (a sign-in per account would cost a password hash each, and the sign-in
 * rate limit allows ten per address in 15 minutes); everything the run writes is deleted after it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SESSION_LIFETIME_SECONDS } from '../src/server/auth/auth';
import { CHANGE_NOTICE_CHANNEL } from '../src/server/services/kept-answers';
import {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseTarget,
} from '../src/server/db/client';
import { marketDataDir, seedMarket } from './seed-market';
import { MARKET_EMAIL_DOMAIN } from './seed/market-sql';
import { openHeldStream, type HeldStream } from './support/live-streams';
import { BENCH_AUTH_SECRET, startProduct } from './support/start-product';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    connections: { type: 'string', default: '5000' },
    messages: { type: 'string', default: '300' },
    /** Messages sent per second (open loop: one every 1/rate s, whatever the answers take). */
    rate: { type: 'string', default: '5' },
    /** The share of the streams held by practices (several tabs each); the rest by professionals. */
    'practice-share': { type: 'string', default: '0.2' },
    /** Seconds the streams are held open and idle (server CPU for the heartbeats alone). */
    hold: { type: 'string', default: '15' },
    /** Sequential requests per read latency measurement. */
    reads: { type: 'string', default: '300' },
    'open-concurrency': { type: 'string', default: '50' },
    port: { type: 'string', default: '4391' },
    label: { type: 'string', default: '' },
  },
});
const scale = values.scale!;
const connections = Number(values.connections);
const messageCount = Number(values.messages);
const rate = Number(values.rate);
const practiceShare = Number(values['practice-share']);
const holdSeconds = Number(values.hold);
const readCount = Number(values.reads);
const openConcurrency = Number(values['open-concurrency']);
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const target: DatabaseTarget = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL, poolSize: 2 }
  : { dataDir: path.join(marketDataDir(scale), 'db') };
/** A sender stays well under the 30 messages a minute a sender may send. */
const MESSAGES_PER_SENDER = 10;
const MAX_STREAMS_PER_USER = 20;
/** How long a message may take to reach its recipient's stream before it counts as lost. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** A POST not answered by then counts as failed (and the run goes on). */
const POST_TIMEOUT_MS = 30_000;
/** A POST slower than this has the database's activity recorded (PostgreSQL, at most 5 times). */
const SLOW_POST_MS = 2_000;
/** The session cookie's name: __Host- prefixed in production (secure cookies), else plain. */
const SESSION_COOKIE_NAMES = ['__Host-chairfill.session_token', 'chairfill.session_token'];
const runId = randomUUID().slice(0, 8);
const marker = `bench:live ${runId}`;
const market = `%@${MARKET_EMAIL_DOMAIN}`;

interface Account {
  userId: string;
  kind: 'practice' | 'professional';
  /** practices.id or professionals.id */
  id: string;
  /** The signed cookie value; `cookie` once the server has told which name it reads. */
  signed: string;
  cookie: string;
  sessionId: string;
}
interface Pair {
  practiceId: string;
  practiceUserId: string;
  professionalId: string;
  professionalUserId: string;
  shiftId: string;
}
interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summary(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    n: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase(target);
  try {
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

/** The cookie value the product would set for `token` (session-reader.ts verifiedToken). */
function signedToken(token: string): string {
  const signature = createHmac('sha256', BENCH_AUTH_SECRET).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * Who talks and who listens: M (practice, booked professional, future shift) pairs over
 * ⌈M / MESSAGES_PER_SENDER⌉ practices, each recipient once; then the practices holding streams
 * (the senders first, several tabs each) and the professionals holding one (the recipients first).
 */
async function plan(db: Database) {
  const candidates = await queryRows<{
    practice_id: string;
    practice_user_id: string;
    professional_id: string;
    professional_user_id: string;
    shift_id: string;
  }>(
    db,
    sql`select distinct on (b.practice_id, b.professional_id) b.practice_id,
        pr.user_id as practice_user_id, b.professional_id, p.user_id as professional_user_id,
        b.shift_id
      from bookings b
      join shifts s on s.id = b.shift_id
      join practices pr on pr.id = b.practice_id
      join professionals p on p.id = b.professional_id
      where b.status = 'confirmed' and s.starts_at > now() + interval '1 hour'
        and pr.verification_status = 'verified' and pr.email like ${market}
        and p.email like ${market}
        and not exists (select 1 from blocks bl where bl.practice_id = b.practice_id
          and bl.professional_id = b.professional_id)
      order by b.practice_id, b.professional_id, s.starts_at`,
  );
  const byPractice = new Map<string, Pair[]>();
  for (const row of candidates) {
    const list = byPractice.get(row.practice_id) ?? [];
    list.push({
      practiceId: row.practice_id,
      practiceUserId: row.practice_user_id,
      professionalId: row.professional_id,
      professionalUserId: row.professional_user_id,
      shiftId: row.shift_id,
    });
    byPractice.set(row.practice_id, list);
  }
  const pairs: Pair[] = [];
  const recipients = new Set<string>();
  const practicesByPairs = [...byPractice.values()].sort(
    (a, b) => b.length - a.length || a[0]!.practiceId.localeCompare(b[0]!.practiceId),
  );
  for (const list of practicesByPairs) {
    if (pairs.length >= messageCount) break;
    let taken = 0;
    for (const pair of list) {
      if (taken >= MESSAGES_PER_SENDER || pairs.length >= messageCount) break;
      if (recipients.has(pair.professionalId)) continue;
      recipients.add(pair.professionalId);
      pairs.push(pair);
      taken += 1;
    }
  }
  // Interleave the senders, so each sends once every few seconds rather than in a burst.
  const bySender = new Map<string, Pair[]>();
  for (const pair of pairs)
    bySender.set(pair.practiceId, [...(bySender.get(pair.practiceId) ?? []), pair]);
  const interleaved: Pair[] = [];
  for (let round = 0; interleaved.length < pairs.length; round++) {
    for (const list of bySender.values()) if (list[round]) interleaved.push(list[round]!);
  }

  const professionals = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`select id, user_id from professionals where email like ${market} order by id`,
  );
  const practices = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`select id, user_id from practices where email like ${market}
      and verification_status = 'verified' order by id`,
  );
  const professionalStreams = Math.min(
    professionals.length,
    connections - Math.round(connections * practiceShare),
  );
  const practiceStreams = connections - professionalStreams;
  const listeners = [
    ...pairs.map((p) => ({ id: p.professionalId, userId: p.professionalUserId })),
    ...professionals
      .filter((p) => !recipients.has(p.id))
      .map((p) => ({ id: p.id, userId: p.user_id })),
  ].slice(0, professionalStreams);
  const senders = new Set(pairs.map((p) => p.practiceId));
  const practiceAccounts = [
    ...[...bySender.values()].map((list) => ({
      id: list[0]!.practiceId,
      userId: list[0]!.practiceUserId,
    })),
    ...practices.filter((p) => !senders.has(p.id)).map((p) => ({ id: p.id, userId: p.user_id })),
  ];
  const tabs = Math.min(
    MAX_STREAMS_PER_USER,
    Math.max(5, Math.ceil(practiceStreams / practiceAccounts.length)),
  );
  const tabHolders = practiceAccounts.slice(0, Math.ceil(practiceStreams / tabs));
  if (tabHolders.length * tabs < practiceStreams)
    throw new Error(
      `${practiceStreams} practice streams do not fit ${practiceAccounts.length} practices`,
    );
  return { pairs: interleaved, listeners, tabHolders, tabs, practiceStreams, professionalStreams };
}

/** Writes one session per account straight into `sessions`, as a sign-in would. */
async function insertSessions(
  db: Database,
  accounts: { id: string; userId: string; kind: Account['kind'] }[],
): Promise<Account[]> {
  const made = accounts.map((account) => {
    const token = randomBytes(24).toString('base64url');
    return { ...account, token, sessionId: randomUUID(), signed: signedToken(token), cookie: '' };
  });
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000).toISOString();
  for (let from = 0; from < made.length; from += 1000) {
    const rows = made
      .slice(from, from + 1000)
      .map((m) => ({ id: m.sessionId, token: m.token, user_id: m.userId }));
    await db.execute(
      sql`insert into sessions (id, token, user_id, expires_at, ip_address, user_agent)
        select r.id, r.token, r.user_id, ${expiresAt}::timestamptz, '127.0.0.1', ${marker}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, token text, user_id uuid)`,
    );
  }
  return made.map(({ token: _token, ...account }) => account);
}

/** Deletes what the run wrote: its messages (and the conversations they started), sessions, rate counters. */
async function cleanUp(db: Database, pairs: Pair[], sessionIds: string[], startedAt: Date) {
  const deletedMessages = await queryRows<{ conversation_id: string }>(
    db,
    sql`delete from conversation_messages where body like ${marker + '%'} returning conversation_id`,
  );
  const conversationIds = [...new Set(deletedMessages.map((m) => m.conversation_id))];
  const deletedConversations = await queryRows<{ id: string }>(
    db,
    sql`delete from conversations c
      where c.id in (select (value #>> '{}')::uuid from jsonb_array_elements(${JSON.stringify(conversationIds)}::jsonb))
        and c.created_at >= ${startedAt.toISOString()}::timestamptz
        and not exists (select 1 from conversation_messages m where m.conversation_id = c.id)
      returning c.id`,
  );
  const deletedSessions = await queryRows<{ id: string }>(
    db,
    sql`delete from sessions where user_agent = ${marker}
      or id in (select (value #>> '{}')::uuid from jsonb_array_elements(${JSON.stringify(sessionIds)}::jsonb))
      returning id`,
  );
  const keys = [...new Set(pairs.map((p) => `messages:user:${p.practiceUserId}`))];
  const deletedCounters = await queryRows<{ key: string }>(
    db,
    sql`delete from rate_limits where key in (select value #>> '{}' from jsonb_array_elements(${JSON.stringify(keys)}::jsonb))
      returning key`,
  );
  return {
    messages: deletedMessages.length,
    conversations: deletedConversations.length,
    sessions: deletedSessions.length,
    rateLimitCounters: deletedCounters.length,
  };
}

const clockTicks = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
/** The server process's resident memory (MB) and CPU time so far (s), from /proc. */
function serverUsage(pid: number): { rssMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return { rssMb: Math.round(rssKb / 102.4) / 10, cpuSeconds: ticks / clockTicks };
}

/** `count` sequential GETs of `url` with `cookie` (after 20 unmeasured), in ms. */
async function readLatency(url: string, cookie: string, count: number): Promise<Summary> {
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (i >= 20) times.push(performance.now() - started);
  }
  return summary(times);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

await seedMarket(scale);
const loadAverageAtStart = os.loadavg().map((l) => Math.round(l * 10) / 10);
const startedAt = new Date();
const planned = await withDatabase(plan);
const { pairs, listeners, tabHolders, tabs } = planned;
if (pairs.length < messageCount)
  console.warn(
    `Only ${pairs.length} (practice, booked professional) pairs found; sending that many.`,
  );
const accounts = await withDatabase((db) =>
  insertSessions(db, [
    ...tabHolders.map((p) => ({ ...p, kind: 'practice' as const })),
    ...listeners.map((p) => ({ ...p, kind: 'professional' as const })),
  ]),
);
console.log(
  `live bench ${runId}: ${engine} ${scale}; ${tabHolders.length} practices × up to ${tabs} tabs ` +
    `(${planned.practiceStreams} streams) + ${planned.professionalStreams} professionals; ` +
    `${pairs.length} messages over ${new Set(pairs.map((p) => p.practiceId)).size} senders`,
);

let product: Awaited<ReturnType<typeof startProduct>> | undefined;
const held: Array<{ account: Account; stream: HeldStream }> = [];
let cleaned: Awaited<ReturnType<typeof cleanUp>> | undefined;
try {
  product = await startProduct(
    Number(values.port),
    { DEMO_DATA: 'false' },
    engine === 'pglite' ? { dataDir: marketDataDir(scale) } : {},
  );
  const base = product.url;
  const pid = product.pid;
  const usageAtStart = serverUsage(pid);

  const byId = new Map(accounts.map((a) => [a.id, a]));
  const reader = byId.get(listeners.at(-1)!.id)!; // a professional no message goes to
  // The cookie name the server reads: the one under which a written session is accepted.
  let cookieName: string | undefined;
  for (const name of SESSION_COOKIE_NAMES) {
    const check = await fetch(`${base}/api/session`, {
      headers: { cookie: `${name}=${reader.signed}` },
    });
    const checked = (await check.json()) as { user: { id: string } | null };
    if (checked.user?.id === reader.userId) cookieName = name;
  }
  if (!cookieName) throw new Error('no written session is accepted under any known cookie name');
  for (const account of accounts) account.cookie = `${cookieName}=${account.signed}`;

  const reads = {
    sessionIdle: await readLatency(`${base}/api/session`, reader.cookie, readCount),
    bellIdle: await readLatency(`${base}/api/notifications`, reader.cookie, readCount),
  };
  const usageIdle = serverUsage(pid);

  // Open every stream: professionals one each, practices `tabs` each (the last fewer).
  const opens: Array<Account> = [];
  let practiceLeft = planned.practiceStreams;
  for (const practice of tabHolders) {
    const account = byId.get(practice.id)!;
    for (let t = 0; t < tabs && practiceLeft > 0; t++, practiceLeft--) opens.push(account);
  }
  for (const professional of listeners) opens.push(byId.get(professional.id)!);
  const openTimes: number[] = [];
  const openFailures: string[] = [];
  const openStarted = performance.now();
  let nextOpen = 0;
  await Promise.all(
    Array.from({ length: openConcurrency }, async () => {
      while (nextOpen < opens.length) {
        const account = opens[nextOpen++]!;
        const t = performance.now();
        try {
          held.push({ account, stream: await openHeldStream(`${base}/api/live`, account.cookie) });
          openTimes.push(performance.now() - t);
        } catch (error) {
          openFailures.push(`${account.kind} ${account.id}: ${(error as Error).message}`);
        }
      }
    }),
  );
  const openSeconds = (performance.now() - openStarted) / 1000;
  const usageOpen = serverUsage(pid);
  console.log(
    `opened ${held.length} of ${opens.length} streams in ${openSeconds.toFixed(1)} s, ` +
      `${openFailures.length} failed; server RSS ${usageOpen.rssMb} MB`,
  );
  for (const failure of openFailures.slice(0, 5)) console.warn(`  ${failure}`);

  // Held open and idle: what the heartbeats and the held sockets alone cost.
  await sleep(holdSeconds * 1000);
  const usageHeld = serverUsage(pid);
  const readsOpen = {
    session: await readLatency(`${base}/api/session`, reader.cookie, readCount),
    bell: await readLatency(`${base}/api/notifications`, reader.cookie, readCount),
  };
  const usageAfterReads = serverUsage(pid);

  // Messages: one every 1/rate s, each timed to its recipient's `messages` event.
  const streamsOf = new Map<string, HeldStream[]>();
  for (const { account, stream } of held) {
    streamsOf.set(account.id, [...(streamsOf.get(account.id) ?? []), stream]);
  }
  const before = new Map(held.map(({ stream }) => [stream, new Map(stream.counts)]));
  // On PostgreSQL an independent listener on the product's change channel tells when the
  // database announced each message, apart from the server's own handling of it.
  const announced = new Map<string, number>();
  let watcher: pg.Client | undefined;
  const activity: Array<{ message: number; rows: unknown[] }> = [];
  if (process.env.DATABASE_URL) {
    watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await watcher.connect();
    watcher.on('notification', (notice) => {
      const payload = notice.payload ?? '';
      if (payload.startsWith('talk:professional:') && !announced.has(payload))
        announced.set(payload, performance.now());
    });
    await watcher.query(`listen ${CHANGE_NOTICE_CHANNEL}`);
  }
  const samples: Array<{
    message: number;
    atSecond: number;
    postMs: number | null;
    deliveryMs: number | null;
    announcedMs: number | null;
  }> = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const messageStarted = performance.now();
  const deliveries: number[] = [];
  const postTimes: number[] = [];
  const postFailures: string[] = [];
  const announcements: number[] = [];
  let undelivered = 0;
  await Promise.all(
    pairs.map(async (pair, i) => {
      await sleep(messageStarted + (i * 1000) / rate - performance.now());
      const recipient = streamsOf.get(pair.professionalId)?.[0];
      const arrived = recipient?.next('messages', DELIVERY_TIMEOUT_MS);
      const sender = byId.get(pair.practiceId)!;
      const sent = performance.now();
      const slow = setTimeout(() => {
        if (!watcher || activity.length >= 5) return;
        void watcher
          .query(
            `select pid, state, wait_event_type, wait_event,
              round(extract(epoch from now() - xact_start)::numeric, 2) as xact_s,
              round(extract(epoch from now() - query_start)::numeric, 2) as query_s,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 200) as query
            from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
              and state <> 'idle'`,
          )
          .then((answer) => activity.push({ message: i + 1, rows: answer.rows }))
          .catch(() => {});
      }, SLOW_POST_MS);
      let status: number | string;
      try {
        const response = await fetch(
          `${base}/api/practice/shifts/${pair.shiftId}/conversations/${pair.professionalId}/messages`,
          {
            method: 'POST',
            headers: { cookie: sender.cookie, 'content-type': 'application/json', origin: base },
            body: JSON.stringify({
              body: `${marker} #${i + 1}: could you come 15 minutes early?`,
            }),
            signal: AbortSignal.timeout(POST_TIMEOUT_MS),
          },
        );
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = (error as Error).name; // TimeoutError: no answer within POST_TIMEOUT_MS
      }
      clearTimeout(slow);
      const answeredAfter = performance.now() - sent;
      const sample = {
        message: i + 1,
        atSecond: Math.round((sent - messageStarted) / 100) / 10,
        postMs: Math.round(answeredAfter * 10) / 10,
        deliveryMs: null as number | null,
        announcedMs: null as number | null,
      };
      samples.push(sample);
      if (status !== 201) {
        postFailures.push(`#${i + 1} after ${Math.round(answeredAfter)} ms: ${status}`);
        return;
      }
      postTimes.push(answeredAfter);
      const at = await arrived;
      if (at == null) undelivered += 1;
      else deliveries.push(at - sent);
      sample.deliveryMs = at == null ? null : Math.round((at - sent) * 10) / 10;
      const heardAt = announced.get(`talk:professional:${pair.professionalId}`);
      if (heardAt !== undefined) {
        sample.announcedMs = Math.round((heardAt - sent) * 10) / 10;
        announcements.push(heardAt - sent);
      }
    }),
  );
  const messageSeconds = (performance.now() - messageStarted) / 1000;
  await sleep(2_000); // the senders' own tabs hear of their messages too
  loopDelay.disable();
  await watcher?.end();
  const usageMessages = serverUsage(pid);

  // Who heard what during the message phase.
  const parties = new Set(pairs.flatMap((p) => [p.practiceId, p.professionalId]));
  const senderIds = new Set(pairs.map((p) => p.practiceId));
  const eventsDuring: Record<string, number> = {};
  let strayMessageEvents = 0;
  let strayStreams = 0;
  let senderTabs = 0;
  let senderTabsHeard = 0;
  let lost = 0;
  for (const { account, stream } of held) {
    if (stream.lost) lost += 1;
    const earlier = before.get(stream)!;
    for (const [name, count] of stream.counts) {
      const delta = count - (earlier.get(name) ?? 0);
      if (delta > 0) eventsDuring[name] = (eventsDuring[name] ?? 0) + delta;
    }
    const messageEvents = (stream.counts.get('messages') ?? 0) - (earlier.get('messages') ?? 0);
    if (!parties.has(account.id)) {
      strayMessageEvents += messageEvents;
      if (messageEvents > 0) strayStreams += 1;
    }
    if (senderIds.has(account.id)) {
      senderTabs += 1;
      if (messageEvents > 0) senderTabsHeard += 1;
    }
  }

  const delivery = summary(deliveries);
  const post = summary(postTimes);
  const result = {
    engine,
    scale,
    runId,
    measuredAt: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      loadAverageAtStart,
      loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      memoryGb: Math.round(os.totalmem() / 1e8) / 10,
    },
    streams: {
      asked: connections,
      opened: held.length,
      failed: openFailures.length,
      failures: openFailures.slice(0, 20),
      practices: tabHolders.length,
      tabsPerPractice: tabs,
      practiceStreams: planned.practiceStreams,
      professionalStreams: planned.professionalStreams,
      openSeconds: Math.round(openSeconds * 10) / 10,
      openConcurrency,
      openLatencyMs: summary(openTimes),
      lostDuringRun: lost,
    },
    server: {
      rssMb: {
        atStart: usageAtStart.rssMb,
        afterIdleReads: usageIdle.rssMb,
        allOpen: usageOpen.rssMb,
        afterHold: usageHeld.rssMb,
        afterMessages: usageMessages.rssMb,
      },
      rssKbPerStream: Math.round(((usageHeld.rssMb - usageIdle.rssMb) * 1024) / held.length),
      cpuPercentOpening: Math.round(
        ((usageOpen.cpuSeconds - usageIdle.cpuSeconds) / openSeconds) * 100,
      ),
      cpuPercentHolding: Math.round(
        ((usageHeld.cpuSeconds - usageOpen.cpuSeconds) / holdSeconds) * 100,
      ),
      cpuPercentMessages: Math.round(
        ((usageMessages.cpuSeconds - usageAfterReads.cpuSeconds) / (messageSeconds + 2)) * 100,
      ),
      cpuSecondsTotal: Math.round(usageMessages.cpuSeconds * 10) / 10,
    },
    messages: {
      asked: messageCount,
      sent: pairs.length,
      senders: senderIds.size,
      ratePerSecond: rate,
      seconds: Math.round(messageSeconds * 10) / 10,
      postFailed: postFailures.length,
      postFailures: postFailures.slice(0, 20),
      delivered: deliveries.length,
      undelivered,
      deliveryMs: delivery,
      postMs: post,
      /** PostgreSQL: from the POST to the database's announcement at an independent listener. */
      announcedMs: process.env.DATABASE_URL ? summary(announcements) : null,
      samples: samples.sort((a, b) => a.message - b.message),
      databaseActivityDuringSlowPosts: activity,
      benchEventLoopDelayMs: {
        p99: Math.round(loopDelay.percentile(99) / 1e5) / 10,
        max: Math.round(loopDelay.max / 1e5) / 10,
      },
    },
    isolation: {
      eventsDuringMessages: eventsDuring,
      messageEventsOnStreamsOfNoParty: strayMessageEvents,
      streamsOfNoPartyThatHeardMessages: strayStreams,
      senderTabs,
      senderTabsThatHeardMessages: senderTabsHeard,
    },
    reads: {
      sessionNoStreams: reads.sessionIdle,
      sessionStreamsOpen: readsOpen.session,
      bellNoStreams: reads.bellIdle,
      bellStreamsOpen: readsOpen.bell,
    },
    cleanUp: undefined as Awaited<ReturnType<typeof cleanUp>> | undefined,
  };

  // Close and stop before writing: on PGlite only the server may open the data dir.
  for (const { stream } of held) stream.close();
  await product.stop();
  product = undefined;
  cleaned = await withDatabase((db) =>
    cleanUp(
      db,
      pairs,
      accounts.map((a) => a.sessionId),
      startedAt,
    ),
  );
  result.cleanUp = cleaned;

  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
  const row = (name: string, s: Summary) =>
    `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const metAim =
    openFailures.length === 0 &&
    held.length === connections &&
    postFailures.length === 0 &&
    undelivered === 0 &&
    delivery.p95 < 1000;
  const lines = [
    `# Live updates: ${engine}, scale ${scale}, ${connections} streams${values.label ? ` (${values.label})` : ''}`,
    '',
    `${result.measuredAt.slice(0, 16).replace('T', ' ')} UTC; ${result.machine.cores} cores, load average ${loadAverageAtStart.join(' ')} at the start and ${result.machine.loadAverage.join(' ')} at the end; one server (production mode, jobs on), streams opened from a separate process over loopback.`,
    '',
    `Aim (issue 18): one instance holds 5,000 open live connections with a message delivered to its recipient in under 1 s at p95: **${metAim ? 'met' : 'not met'}**.`,
    '',
    '## Streams',
    '',
    `${held.length} of ${connections} opened in ${result.streams.openSeconds} s (${openConcurrency} at a time), **${openFailures.length} failed**, ${lost} ended by the server during the run; ${tabHolders.length} practices with up to ${tabs} tabs each (${planned.practiceStreams} streams) and ${planned.professionalStreams} professionals with one each. Each opening to its \`ready\` event: p50 ${ms(result.streams.openLatencyMs.p50)} ms, p95 ${ms(result.streams.openLatencyMs.p95)} ms.`,
    '',
    '| server (pid from /proc) | value |',
    '| --- | ---: |',
    `| RSS at start / before streams / all open / after ${holdSeconds} s held / after messages (MB) | ${usageAtStart.rssMb} / ${usageIdle.rssMb} / ${usageOpen.rssMb} / ${usageHeld.rssMb} / ${usageMessages.rssMb} |`,
    `| RSS per held stream (KB) | ${result.server.rssKbPerStream} |`,
    `| CPU while opening (% of one core) | ${result.server.cpuPercentOpening} |`,
    `| CPU while ${held.length} streams are held idle for ${holdSeconds} s (%) | ${result.server.cpuPercentHolding} |`,
    `| CPU during the messages (%) | ${result.server.cpuPercentMessages} |`,
    '',
    '## Messages',
    '',
    `${pairs.length} messages from ${senderIds.size} practices to professionals booked on their future shifts (each recipient once), ${rate} a second for ${result.messages.seconds} s; POST failures **${postFailures.length}**, not delivered within ${DELIVERY_TIMEOUT_MS / 1000} s **${undelivered}**.`,
    '',
    '| ms | n | p50 | p95 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row("POST to the recipient stream's `messages` event", delivery),
    row('the POST itself (201)', post),
    ...(result.messages.announcedMs
      ? [
          row(
            "POST to the database's announcement (an independent LISTEN)",
            result.messages.announcedMs,
          ),
        ]
      : []),
    '',
    `Who heard: ${strayMessageEvents} \`messages\` events on the ${held.length - [...held].filter(({ account }) => parties.has(account.id)).length} streams of accounts no message concerned (**must be 0**); ${senderTabsHeard} of ${senderTabs} sender tabs heard their own practice's messages. All events during the message phase: ${Object.entries(
      eventsDuring,
    )
      .map(([name, n]) => `${name} ${n}`)
      .join(
        ', ',
      )}. The benchmark's own event loop delay: p99 ${result.messages.benchEventLoopDelayMs.p99} ms, max ${result.messages.benchEventLoopDelayMs.max} ms.`,
    '',
    '## A plain read with no stream and with all open',
    '',
    `${readCount} sequential requests each (one connection, a professional's session).`,
    '',
    '| ms | n | p50 | p95 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('GET /api/session, no stream', reads.sessionIdle),
    row(`GET /api/session, ${held.length} open`, readsOpen.session),
    row('GET /api/notifications (the bell), no stream', reads.bellIdle),
    row(`GET /api/notifications, ${held.length} open`, readsOpen.bell),
    '',
    `Clean-up: ${cleaned.messages} messages, ${cleaned.conversations} conversations, ${cleaned.sessions} sessions and ${cleaned.rateLimitCounters} rate-limit counters deleted.`,
    '',
  ];
  const file = path.join(
    'bench',
    'results',
    `live-${engine}-${scale}${values.label ? `-${values.label}` : ''}`,
  );
  writeFileSync(`${file}.md`, lines.join('\n'));
  writeFileSync(`${file}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(lines.join('\n'));
} finally {
  for (const { stream } of held) stream.close();
  if (product) await product.stop();
  if (!cleaned) {
    const done = await withDatabase((db) =>
      cleanUp(
        db,
        pairs,
        accounts.map((a) => a.sessionId),
        startedAt,
      ),
    );
    console.log(`cleaned up after a failed run: ${JSON.stringify(done)}`);
  }
}
