import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { marketDataDir } from '../seed-market';
import { benchSessionAccounts } from './market-workload';
import {
  lapsedRequiredCredentials,
  requiredKindsOfRole,
} from '../../src/server/services/matching/eligibility-sql';

/** The check-in code of every booking the load benchmark checks in to. */
export const FIXTURE_CHECK_IN_CODE = '246810';
/** Marks the shifts made here, so a look at the market tells them from the seed's. */
export const FIXTURE_NOTE = 'Load benchmark: write fixture';

/** One row a measured write acts on, and who acts (the e-mail of a benchmark session). */
export interface FixtureRow {
  email: string;
  id: string;
}

export interface WriteFixtures {
  /** Confirmed bookings whose check-in is open now; professional sessions check in. */
  checkIns: FixtureRow[];
  /** Submitted timesheets of yesterday's bookings; practice sessions approve them. */
  timesheets: FixtureRow[];
  /** Confirmed bookings three weeks ahead; professional sessions cancel them. */
  cancellations: FixtureRow[];
  /** Pending applications for open shifts, a day apart after the instant ones; practices accept them. */
  acceptances: FixtureRow[];
  /** Open instant-book shifts from 100 days ahead, a day apart, that fit the professional; they book them. */
  instantShifts: FixtureRow[];
  /** A practice session and a professional booked on its shift today: they may talk. */
  conversations: { email: string; shiftId: string; professionalId: string }[];
}

/** No rows: for a benchmark that measures reads only. */
export function noWriteFixtures(): WriteFixtures {
  return {
    checkIns: [],
    timesheets: [],
    cancellations: [],
    acceptances: [],
    instantShifts: [],
    conversations: [],
  };
}

type Kind = 'check-in' | 'timesheet' | 'cancellation' | 'acceptance' | 'instant';

const startOf = (perProfessional: number): Record<Kind, SQL> => ({
  'check-in': sql`now() - interval '10 minutes'`,
  timesheet: sql`now() - interval '20 hours'`,
  cancellation: sql`now() + interval '21 days'`,
  // Beyond the months the shift list benchmark reads: an open shift there would have its reach
  // computed by the list read itself (none is stored for rows made here). The shifts a
  // professional books or is accepted for are a day apart, after the cancellations', the
  // acceptances after the instant ones: a professional never holds two bookings at the same time
  // (issue 41), so overlapping rows would measure the refusal, not the write.
  acceptance: sql`now() + interval '100 days' + make_interval(days => ${perProfessional})`,
  instant: sql`now() + interval '100 days'`,
});

/** How the j-th row of a kind follows the first: minutes apart, or a day apart when booked here. */
const stepOf = (kind: Kind, j: SQL) =>
  kind === 'acceptance' || kind === 'instant'
    ? sql`make_interval(days => ${j})`
    : sql`make_interval(mins => ${j})`;

/**
 * What the writes of the load benchmark act on, made for its own signed-in practices and
 * professionals: `perProfessional` rows of each kind for every professional session, each at
 * one of the practice sessions in turn (bookings whose check-in is open right now, timesheets
 * waiting for approval, upcoming bookings to cancel, pending applications to accept). The market
 * holds such rows, but not for these accounts at this moment in these numbers. Made with SQL
 * before the server starts (PGlite has one connection); every write measured goes through HTTP
 * and the product's own rules. The rows stay afterwards, as a practice's would (a timesheet
 * approved is charged); each run makes new ones.
 */
export async function prepareWriteFixtures(
  db: Database,
  accounts: { practiceEmails: string[]; professionalEmails: string[]; perProfessional: number },
): Promise<WriteFixtures> {
  const { practiceEmails, professionalEmails, perProfessional } = accounts;
  if (practiceEmails.length === 0 || professionalEmails.length === 0) return noWriteFixtures();

  const made = (kind: Kind) => {
    const booked = kind !== 'acceptance' && kind !== 'instant';
    const shiftDate = sql.raw(`((starts_at at time zone '${PRACTICE_TIME_ZONE}')::date)`);
    return sql`
    with sessions as (
      select p.id as professional_id, p.email as professional_email, p.position, p.role,
        coalesce(p.minimum_rate_cents, 4000) + 500 as rate_cents, o.n
      from unnest(${`{${professionalEmails.join(',')}}`}::text[]) with ordinality as o(email, n)
      join professionals p on p.email = o.email
    ),
    offices as (
      select pr.id as practice_id, pr.email as practice_email, l.id as location_id, l.name,
        l.address, l.city, l.zip_code, l.latitude, l.longitude, o.n as office
      from unnest(${`{${practiceEmails.join(',')}}`}::text[]) with ordinality as o(email, n)
      join practices pr on pr.email = o.email
      join locations l on l.practice_id = pr.id and l.is_main_location
    ),
    timed as (
      select s.*, o.*, gen_random_uuid() as shift_id, gen_random_uuid() as booking_id,
        ${startOf(perProfessional)[kind]} ${kind === 'check-in' ? sql`-` : sql`+`} ${stepOf(kind, sql.raw('j'))} as starts_at
      from sessions s
      cross join generate_series(1, ${perProfessional}::int) as j
      join offices o on o.office = 1 + (s.n + j) % ${practiceEmails.length}::int
    ),
    pairs as (
      select * from timed
      ${
        !booked
          ? // Accepting or booking refuses one whose required credential lapses by the date.
            sql`where not exists (${lapsedRequiredCredentials(
              sql.raw('timed.professional_id'),
              requiredKindsOfRole(sql.raw('timed.role')),
              shiftDate,
            )})`
          : sql``
      }
    ),
    new_shifts as (
      insert into shifts (id, practice_id, location_id, location_name, location_address,
        location_zip_code, latitude, longitude, position, starts_at, ends_at, rate_cents, notes,
        status, time_per_patient_minutes, break_minutes, booking_mode, first_response_at,
        created_at, updated_at)
      select shift_id, practice_id, location_id, name, address || ', ' || city || ', NJ ' || zip_code,
        zip_code, latitude, longitude, position, starts_at, starts_at + interval '8 hours',
        rate_cents, ${FIXTURE_NOTE}, ${booked ? 'filled' : 'open'},
        case when position = 'Front Desk' then null else 45 end, 30,
        ${kind === 'instant' ? 'instant' : 'review'},
        least(now(), starts_at) - interval '2 days', least(now(), starts_at) - interval '3 days',
        least(now(), starts_at) - interval '3 days'
      from pairs
      returning id
    ),
    ${
      booked
        ? sql`new_bookings as (
            insert into bookings (id, shift_id, practice_id, professional_id, source, status,
              check_in_code, created_at, checked_in_at)
            select booking_id, shift_id, practice_id, professional_id, 'accepted', 'confirmed',
              ${FIXTURE_CHECK_IN_CODE}, least(now(), starts_at) - interval '2 days',
              ${kind === 'timesheet' ? sql`starts_at - interval '5 minutes'` : sql`null`}
            from pairs where shift_id in (select id from new_shifts)
            returning id
          )`
        : kind === 'instant'
          ? sql`made as (select 1)`
          : sql`new_applications as (
            insert into shift_applications (shift_id, professional_id, note, status, created_at,
              updated_at, practice_emailed_at)
            select shift_id, professional_id, '', 'pending', now() - interval '1 day',
              now() - interval '1 day', now()
            from pairs where shift_id in (select id from new_shifts)
            returning id, shift_id
          )`
    }
    ${
      kind === 'timesheet'
        ? sql`, new_timesheets as (
            insert into timesheets (booking_id, shift_id, practice_id, professional_id, started_at,
              ended_at, break_minutes, worked_minutes, rate_cents, amount_cents, status,
              submitted_by, submitted_at)
            select booking_id, shift_id, practice_id, professional_id, starts_at,
              starts_at + interval '8 hours', 30, 450, rate_cents,
              round(450 * rate_cents / 60.0)::integer, 'submitted', 'professional',
              starts_at + interval '8 hours 5 minutes'
            from pairs where booking_id in (select id from new_bookings)
            returning id, booking_id
          )
          select p.practice_email as email, t.id from new_timesheets t
          join pairs p using (booking_id) order by t.id`
        : kind === 'acceptance'
          ? sql`select p.practice_email as email, a.id from new_applications a
              join pairs p using (shift_id) order by a.id`
          : kind === 'instant'
            ? sql`select p.professional_email as email, p.shift_id as id from pairs p
                where p.shift_id in (select id from new_shifts) order by p.shift_id`
            : sql`select p.professional_email as email, p.booking_id as id, p.practice_email,
              p.shift_id, p.professional_id
              from pairs p where p.booking_id in (select id from new_bookings)
              order by p.booking_id`
    }`;
  };
  type Row = FixtureRow & { practice_email?: string; shift_id?: string; professional_id?: string };
  return db.transaction(async (tx) => {
    const rows = async (kind: Kind) => queryRows<Row>(tx, made(kind));
    const checkIns = await rows('check-in');
    return {
      checkIns: checkIns.map(({ email, id }) => ({ email, id })),
      timesheets: await rows('timesheet'),
      cancellations: await rows('cancellation'),
      acceptances: await rows('acceptance'),
      instantShifts: (await rows('instant')).map(({ email, id }) => ({ email, id })),
      conversations: checkIns.map((row) => ({
        email: row.practice_email!,
        shiftId: row.shift_id!,
        professionalId: row.professional_id!,
      })),
    };
  });
}

/** prepareWriteFixtures on the market database of `scale` (PostgreSQL at DATABASE_URL or PGlite). */
export async function prepareMarketFixtures(
  scale: string,
  sessions: number,
  perProfessional: number,
): Promise<WriteFixtures> {
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { url, poolSize: 1 } : { dataDir: path.join(marketDataDir(scale), 'db') },
  );
  try {
    const accounts = benchSessionAccounts(sessions);
    const fixtures = await prepareWriteFixtures(handle.db, {
      practiceEmails: accounts.filter((a) => a.audience === 'practice').map((a) => a.email),
      professionalEmails: accounts.filter((a) => a.audience === 'professional').map((a) => a.email),
      perProfessional,
    });
    // The rows just made (thousands of submitted timesheets, bookings, applications) are counted
    // before the runs: with the statistics of before, the approval's update by id was planned on
    // the partial index of submitted timesheets (bench/README.md, session 15).
    await handle.db.execute(
      sql`analyze timesheets, bookings, shifts, shift_applications, conversations`,
    );
    return fixtures;
  } finally {
    await handle.close();
  }
}
