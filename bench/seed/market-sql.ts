import { sql, type SQL } from 'drizzle-orm';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';

/**
 * The synthetic New Jersey market as set-based SQL (generate_series), so a million shifts are
 * written by the database itself in a few statements instead of a million round trips. Every id
 * is derived from a number (md5 of a label, made a version-4 uuid), so related rows can be joined by
 * recomputing it and a second run with the same numbers finds the same rows.
 *
 * Numbering: practice i = 1..P, location (i, j) with j = 1..(1 + i % 5), professional n = 1..N,
 * shift k = 1..S (practice 1 + (k - 1) % P).
 */

export const MARKET_EMAIL_DOMAIN = 'market.chairfill.example.com';
export const MARKET_PASSWORD = 'chairfill-market';

export interface MarketCounts {
  practices: number;
  professionals: number;
  shifts: number;
}

const zone = sql.raw(`'${PRACTICE_TIME_ZONE}'`);

function id(label: string, ...parts: SQL[]): SQL {
  // Version 4 and RFC 4122 variant nibbles set, so the ids pass the product's UUID checks.
  const hex = sql`md5(${sql.raw(`'${label}-'`)} || ${sql.join(parts, sql` || '-' || `)})`;
  return sql`overlay(overlay(${hex} placing '4' from 13) placing '8' from 17)::uuid`;
}

export const practiceUserId = (i: SQL) => id('cf-pu', i);
export const practiceId = (i: SQL) => id('cf-p', i);
export const locationId = (i: SQL, j: SQL) => id('cf-l', i, j);
export const professionalUserId = (n: SQL) => id('cf-nu', n);
export const professionalId = (n: SQL) => id('cf-n', n);
export const shiftId = (k: SQL) => id('cf-s', k);

/** ZIP code numbers 1..Z over the NJ ZIP centroids (loaded into `market_zips`). */
export function createZipTable(zips: { zip: string; city: string; lat: number; lng: number }[]) {
  const rows = zips.map(
    (z, index) => sql`(${index + 1}, ${z.zip}, ${z.city}, ${z.lat}::float8, ${z.lng}::float8)`,
  );
  return [
    sql`drop table if exists market_zips`,
    sql`create table market_zips (n int primary key, zip text, city text, lat float8, lng float8)`,
    sql`insert into market_zips values ${sql.join(rows, sql`, `)}`,
  ];
}

const zipCount = sql`(select count(*) from market_zips)`;
const zipFor = (seed: SQL) =>
  sql`(select z from market_zips z where z.n = 1 + ((${seed})::bigint % ${zipCount}))`;

export function insertPractices(count: number, passwordHash: string): SQL[] {
  const series = sql`generate_series(1, ${count}::int) as g(i)`;
  const i = sql.raw('g.i');
  return [
    sql`insert into users (id, name, email, email_verified, account_type)
      select ${practiceUserId(i)}, 'Market Practice ' || ${i},
        'practice-' || ${i} || ${'@' + MARKET_EMAIL_DOMAIN}, true, 'practice'
      from ${series}`,
    sql`insert into accounts (account_id, provider_id, user_id, password)
      select ${practiceUserId(i)}::text, 'credential', ${practiceUserId(i)}, ${passwordHash}
      from ${series}`,
    sql`insert into practices (id, user_id, practice_name, email, phone, address, city, state,
        zip_code, point_of_contact, dental_software, hygienist_max_rate_cents,
        dental_assistant_max_rate_cents, front_desk_max_rate_cents, verification_status,
        verification_decided_at)
      select ${practiceId(i)}, ${practiceUserId(i)},
        (array['Harbor', 'Maple', 'Shore', 'Garden State', 'Riverside', 'Summit', 'Bright',
          'Pine Valley', 'Liberty', 'Meadowlands'])[1 + ${i} % 10] || ' Dental ' || ${i},
        'practice-' || ${i} || ${'@' + MARKET_EMAIL_DOMAIN},
        '(201) 555-' || lpad((${i} % 10000)::text, 4, '0'),
        (100 + ${i} % 900) || ' Main Street', (z).city, 'NJ', (z).zip, 'Office Manager',
        jsonb_build_object('Dentrix', ${i} % 3 = 0, 'Eaglesoft', ${i} % 3 = 1,
          'OpenDental', ${i} % 3 = 2, 'Dentrix Ascend', false, 'Curve', false,
          'Practice Web', false, 'other', ''),
        6500, 3500, 3000,
        -- One practice in fifty is still waiting for review: the board skips its shifts.
        case when ${i} % 50 = 0 then 'pending' else 'verified' end,
        case when ${i} % 50 = 0 then null else now() end
      from (select g.i, ${zipFor(sql`g.i * 7919`)} as z from ${series}) as g`,
    sql`insert into locations (id, practice_id, name, address, city, state, zip_code, phone, email,
        point_of_contact, operatory_count, latitude, longitude, is_main_location)
      select ${locationId(sql.raw('g.i'), sql.raw('g.j'))}, ${practiceId(sql.raw('g.i'))},
        case when g.j = 1 then 'Main Office' else (z).city || ' Office' end,
        (10 + (g.i * g.j) % 990) || ' Broad Street', (z).city, 'NJ', (z).zip,
        '(201) 555-' || lpad(((g.i + g.j) % 10000)::text, 4, '0'),
        'office-' || g.i || '-' || g.j || ${'@' + MARKET_EMAIL_DOMAIN}, 'Office Manager',
        3 + (g.i + g.j) % 6, (z).lat, (z).lng, g.j = 1
      from (
        select s.i, l.j, ${zipFor(sql`s.i * 7919 + (l.j - 1) * 131`)} as z
        from generate_series(1, ${count}::int) as s(i)
        cross join generate_series(1, 5) as l(j)
        where l.j <= 1 + s.i % 5
      ) as g`,
  ];
}

/** Hygienists 40 %, dental assistants 35 %, front desk 25 %; 85 % verified. */
const roleOf = (n: SQL) =>
  sql`(case when ${n} % 20 < 8 then 'hygienist' when ${n} % 20 < 15 then 'assistant' else 'front-desk' end)`;
const positionOfRole = (role: SQL) =>
  sql`(case ${role} when 'hygienist' then 'Hygienist' when 'assistant' then 'Dental Assistant' else 'Front Desk' end)`;

export function insertProfessionals(count: number, passwordHash: string): SQL[] {
  const series = sql`generate_series(1, ${count}::int) as g(n)`;
  const n = sql.raw('g.n');
  const weekDays = sql.raw(
    `array['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday']`,
  );
  return [
    sql`insert into users (id, name, email, email_verified, account_type)
      select ${professionalUserId(n)}, 'Market Professional ' || ${n},
        ${roleOf(n)} || '-' || ${n} || ${'@' + MARKET_EMAIL_DOMAIN}, true, ${roleOf(n)}
      from ${series}`,
    sql`insert into accounts (account_id, provider_id, user_id, password)
      select ${professionalUserId(n)}::text, 'credential', ${professionalUserId(n)}, ${passwordHash}
      from ${series}`,
    sql`insert into professionals (id, user_id, role, position, status, first_name, last_name,
        email, phone, address, city, state, zip_code, license_number, license_type,
        years_of_experience, employment_status, availability, home_address, home_zip_code,
        travel_distance_miles, home_latitude, home_longitude, minimum_rate_cents)
      select ${professionalId(n)}, ${professionalUserId(n)}, g.role, ${positionOfRole(sql.raw('g.role'))},
        case when g.n % 20 = 3 then 'pending' when g.n % 97 = 5 then 'suspended' else 'verified' end,
        (array['Maria', 'James', 'Aisha', 'Daniel', 'Priya', 'Kevin', 'Sofia', 'Luis'])[1 + g.n % 8],
        (array['Rivera', 'Chen', 'Patel', 'Smith', 'Okafor', 'Kowalski', 'Nguyen'])[1 + g.n % 7],
        g.role || '-' || g.n || ${'@' + MARKET_EMAIL_DOMAIN},
        '(973) 555-' || lpad((g.n % 10000)::text, 4, '0'),
        (1 + g.n % 400) || ' Elm Street', (z).city, 'NJ', (z).zip,
        case when g.role = 'front-desk' then null else 'NJ-' || lpad(g.n::text, 7, '0') end,
        case g.role when 'hygienist' then 'General' when 'assistant' then
          (array['CDA', 'RDA', 'EFDA'])[1 + g.n % 3] end,
        g.n % 25, (array['employed', 'part-time', 'temp', 'seeking'])[1 + g.n % 4],
        (select coalesce(jsonb_agg(jsonb_build_object('day', d.day,
            'startTime', (array['07:00', '08:00', '09:00'])[1 + (g.n + d.o) % 3],
            'endTime', (array['15:00', '17:00', '18:00', '19:00'])[1 + (g.n + d.o) % 4])
          order by d.o), '[]'::jsonb)
          from unnest(${weekDays}) with ordinality as d(day, o)
          where (g.n + d.o) % 7 not in (0, 3) and (d.o <= 5 or g.n % 4 = 0)),
        (1 + g.n % 400) || ' Elm Street', (z).zip, 10 + g.n % 41, (z).lat, (z).lng,
        case g.role when 'hygienist' then 4000 + (g.n % 16) * 100
          when 'assistant' then 2000 + (g.n % 9) * 100 else 1800 + (g.n % 8) * 100 end
      from (select g.n, ${roleOf(n)} as role, ${zipFor(sql`g.n::bigint * 104729`)} as z from ${series}) as g`,
    // Verified professionals numbered per position, to pick who is booked on a shift.
    sql`drop table if exists market_pool`,
    sql`create table market_pool as
      select position, row_number() over (partition by position order by id) as n, id
      from professionals where status = 'verified' and email like ${'%@' + MARKET_EMAIL_DOMAIN}`,
    sql`create index on market_pool (position, n)`,
    sql`drop table if exists market_pool_size`,
    sql`create table market_pool_size as select position, count(*) as size from market_pool group by position`,
  ];
}

/**
 * Shifts k in [from, to]: a year of them (nine months back, three ahead) in every status, with
 * the booking, the applications and the ratings each status implies.
 */
export function insertShiftBatch(
  from: number,
  to: number,
  practices: number,
  today: string,
): SQL[] {
  const k = sql.raw('g.k');
  const series = sql`generate_series(${from}::int, ${to}::int) as g(k)`;
  const practiceOf = sql`(1 + (g.k - 1) % ${practices}::int)`;
  const positionOf = sql`(case when g.k % 10 < 5 then 'Hygienist' when g.k % 10 < 8 then 'Dental Assistant' else 'Front Desk' end)`;
  const day = sql`(${today}::date + (-270 + (g.k * 37) % 365))`;
  const startsAt = sql`((${day} + make_time(7 + g.k % 3, (g.k % 2) * 30, 0)) at time zone ${zone})`;
  const hours = sql`(8 + g.k % 2)`;
  const isPast = sql`(${day} < ${today}::date)`;
  const status = sql`(case
      when g.k % 20 = 7 then 'cancelled'
      when ${isPast} then case when g.k % 10 = 9 then 'open' else 'completed' end
      when g.k % 3 = 2 then 'filled' else 'open' end)`;
  const rate = sql`(case when g.k % 10 < 5 then 4200 + (g.k % 12) * 150
      when g.k % 10 < 8 then 2200 + (g.k % 8) * 100 else 2000 + (g.k % 6) * 100 end)`;
  const bookedN = sql`(1 + abs(hashtext(s.id::text)) % ps.size)`;
  const otherN = sql`(1 + (abs(hashtext(s.id::text)) + 1 + s.k % 7) % ps.size)`;
  // One statement: the batch's shifts computed once (kept in memory), and their bookings,
  // applications and ratings written from that, not by looking each shift up again by its id.
  return [
    sql`with s as materialized (
        select g.k, ${shiftId(k)} as id, ${practiceId(sql`g.p`)} as practice_id, l.id as location_id,
          l.name as location_name, l.address || ', ' || l.city || ', NJ ' || l.zip_code as location_address,
          l.zip_code as location_zip_code, l.latitude, l.longitude, g.position, g.starts_at,
          g.starts_at + make_interval(hours => ${hours}) as ends_at, g.rate as rate_cents, g.status,
          case when g.position = 'Front Desk' then null else (array[30, 45, 60])[1 + g.k % 3] end
            as time_per_patient_minutes,
          (array[0, 30, 60])[1 + g.k % 3] as break_minutes,
          case when g.k % 4 = 0 then 'instant' else 'review' end as booking_mode,
          case when g.status in ('filled', 'completed') or g.k % 3 = 0
            then g.created_at + make_interval(mins => 20 + g.k % 600) end as first_response_at,
          case when g.status = 'cancelled' then g.created_at + interval '1 day' end as cancelled_at,
          g.created_at
        from (
          select g.k, ${practiceOf} as p, ${positionOf} as position, ${startsAt} as starts_at,
            ${status} as status, ${rate} as rate,
            -- Posted 3-30 days before the start, and at least 12 hours ago (a future shift too), so
            -- its first response (up to 10 hours after posting) lies in the past as well.
            least(${startsAt} - make_interval(days => 3 + g.k % 28),
              now() - interval '12 hours' - make_interval(mins => g.k % 20160)) as created_at
          from ${series}
        ) as g
        join locations l on l.id = ${locationId(sql`g.p`, sql`1 + (g.k / ${practices}::int) % (1 + g.p % 5)`)}
      ), new_shifts as (
        insert into shifts (id, practice_id, location_id, location_name, location_address,
          location_zip_code, latitude, longitude, position, starts_at, ends_at, rate_cents, notes,
          status, time_per_patient_minutes, break_minutes, booking_mode, first_response_at,
          cancelled_at, created_at, updated_at)
        select id, practice_id, location_id, location_name, location_address, location_zip_code,
          latitude, longitude, position, starts_at, ends_at, rate_cents, '', status,
          time_per_patient_minutes, break_minutes, booking_mode, first_response_at, cancelled_at,
          created_at, created_at
        from s
      ), booked as (
        insert into bookings (shift_id, practice_id, professional_id, source, status, completed_at, created_at)
        select s.id, s.practice_id, pool.id,
          case when s.booking_mode = 'instant' then 'instant' else 'accepted' end,
          case when s.status = 'completed' then 'completed' else 'confirmed' end,
          case when s.status = 'completed' then s.ends_at end, s.first_response_at
        from s
        join market_pool_size ps on ps.position = s.position
        join market_pool pool on pool.position = s.position and pool.n = ${bookedN}
        where s.status in ('filled', 'completed')
        returning id, shift_id, practice_id, professional_id, status, completed_at
      ), applied as (
        -- The practice was e-mailed about each application when it came (as the product does):
        -- the applicant-summary job finds nothing owed in the seeded market. The two applicants
        -- of a shift are never the same professional (1 + k % 7 < every pool's size).
        insert into shift_applications (shift_id, professional_id, note, status, created_at, decided_at, updated_at, practice_emailed_at)
        select s.id, pool.id, '', a.status, s.first_response_at, a.decided, s.first_response_at,
          s.first_response_at
        from s
        join market_pool_size ps on ps.position = s.position
        cross join lateral (values
          (${bookedN}, case s.status when 'open' then 'pending' when 'cancelled' then 'declined' else 'accepted' end),
          (${otherN}, case s.status when 'open' then 'pending' else 'declined' end)
        ) as a0(n, status)
        cross join lateral (select a0.status,
          case when a0.status = 'pending' then null else s.first_response_at + interval '3 hours' end as decided) a
        join market_pool pool on pool.position = s.position and pool.n = a0.n
        where s.booking_mode = 'review' and s.first_response_at is not null
          and (s.status <> 'open' or s.starts_at > now())
      ), rated as (
        insert into ratings (booking_id, shift_id, practice_id, professional_id, rater_side, stars, comment, created_at)
        select b.id, b.shift_id, b.practice_id, b.professional_id, side.name,
          3 + abs(hashtext(b.id::text || side.name)) % 3, '', b.completed_at + interval '1 day'
        from booked b
        join s on s.id = b.shift_id
        cross join (values ('practice', 7), ('professional', 6)) as side(name, share)
        where b.status = 'completed' and s.k % 10 < side.share
      )
      select count(*) from s`,
  ];
}

export function insertConversations(): SQL[] {
  const bodies = sql.raw(`array['Hi! Thanks for taking this shift. Parking is behind the building.',
    'Thank you! Should I bring my own loupes?', 'No need, we have a spare pair. See you then.',
    'Great, see you then.']`);
  return [
    sql`with talk as (
        select b.shift_id, b.practice_id, b.professional_id,
          b.created_at + interval '10 minutes' as started,
          2 + abs(hashtext(b.shift_id::text || 'talk-n')) % 3 as n
        from bookings b
        where b.status in ('confirmed', 'completed') and abs(hashtext(b.shift_id::text || 'talk')) % 5 = 0
      ), conversation as (
        insert into conversations (shift_id, practice_id, professional_id, created_at, last_message_at)
        select shift_id, practice_id, professional_id, started,
          started + make_interval(mins => 15 * (n - 1))
        from talk
        returning id, created_at, last_message_at
      )
      insert into conversation_messages (conversation_id, sender, body, created_at, read_at)
      select c.id, case when m.i % 2 = 1 then 'practice' else 'professional' end,
        (${bodies})[m.i], c.created_at + make_interval(mins => 15 * (m.i - 1)),
        c.created_at + make_interval(mins => 15 * (m.i - 1) + 5)
      from conversation c
      cross join lateral generate_series(1,
        1 + (extract(epoch from c.last_message_at - c.created_at) / 900)::int) as m(i)`,
  ];
}

/**
 * The bulk load's tables: their secondary indexes (and, for the leaf tables nothing looks up by
 * key while seeding, every index), foreign keys and notice triggers are set aside for the load
 * and put back after it (an index built once from sorted rows, a foreign key checked by one join,
 * instead of both kept up row by row in random uuid order).
 */
export const KEYED_BULK_TABLES: string[] = [];
export const LEAF_BULK_TABLES = [
  'shifts',
  'bookings',
  'shift_applications',
  'ratings',
  'timesheets',
  'charges',
  'payouts',
  'ledger_lines',
  'conversations',
  'conversation_messages',
];

const textArray = (names: string[]) =>
  sql.raw(`array[${names.map((n) => `'${n}'`).join(', ')}]::text[]`);

/** What is set aside (each with the statement that drops it and the one that puts it back). */
export function bulkLoadObjectsQuery(): SQL {
  const keyed = textArray(KEYED_BULK_TABLES);
  const leaf = textArray(LEAF_BULK_TABLES);
  return sql`select kind, drop_sql, restore_sql from (
      -- Foreign keys of the bulk tables, and those referring to a leaf table (its key goes too).
      select 0 as kind_order, 'foreign key' as kind, c.conname::text as name,
        format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname) as drop_sql,
        format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname,
          pg_get_constraintdef(c.oid)) as restore_sql
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and (c.conrelid::regclass::text = any(${keyed} || ${leaf})
          or c.confrelid::regclass::text = any(${leaf}))
      union all
      -- Primary keys and unique constraints of the leaf tables.
      select 1, 'key', c.conname::text,
        format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname),
        format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname,
          pg_get_constraintdef(c.oid))
      from pg_constraint c
      where c.contype in ('p', 'u') and c.connamespace = 'public'::regnamespace
        and c.conrelid::regclass::text = any(${leaf})
      union all
      -- Indexes that back no constraint: all of a leaf table's, the non-unique ones of the others.
      select 2, 'index', i.indexname::text, format('drop index %I', i.indexname), i.indexdef
      from pg_indexes i
      join pg_class ic on ic.relname = i.indexname and ic.relnamespace = 'public'::regnamespace
      join pg_index x on x.indexrelid = ic.oid
      where i.schemaname = 'public'
        and not exists (select 1 from pg_constraint c where c.conindid = ic.oid and c.contype in ('p', 'u', 'x'))
        and (i.tablename = any(${leaf}) or (i.tablename = any(${keyed}) and not x.indisunique))
    ) o
    order by kind_order, name`;
}

export function dropHelperTables(): SQL[] {
  return [
    sql`drop table if exists market_pool`,
    sql`drop table if exists market_pool_size`,
    sql`drop table if exists market_zips`,
  ];
}

/**
 * A year of money for the market: every completed booking worked to the schedule (an approved
 * timesheet), charged (services' amounts: seed/worked-as-scheduled.ts chargeApprovedTimesheets),
 * settled and their professionals paid, each step with its ledger entry: the steady state the
 * payments job keeps (nothing left for it to do, so it does not weigh on the load benchmark).
 */
export function insertTimesheetsForCompletedBookings(): SQL[] {
  return [
    sql`insert into timesheets (booking_id, shift_id, practice_id, professional_id, started_at,
        ended_at, break_minutes, worked_minutes, rate_cents, amount_cents, status, submitted_by,
        submitted_at, approved_at, approved_by)
      select b.id, b.shift_id, b.practice_id, b.professional_id, s.starts_at, s.ends_at,
        s.break_minutes, w.worked, s.rate_cents, round(w.worked * s.rate_cents / 60.0)::integer,
        'approved', 'professional', s.ends_at, s.ends_at + interval '1 day', 'practice'
      from bookings b
      join shifts s on s.id = b.shift_id
      cross join lateral (select (extract(epoch from s.ends_at - s.starts_at) / 60)::integer
        - s.break_minutes as worked) w
      where b.status = 'completed'
        and not exists (select 1 from timesheets t where t.booking_id = b.id)`,
  ];
}

export function settleAndPayOutOldCharges(): SQL[] {
  return [
    sql`create temporary table settled_now on commit drop as
      with settled as (
        update charges set status = 'settled', attempts = 1,
          provider_payment_id = 'py_seed_' || replace(id::text, '-', ''),
          submitted_at = created_at, settled_at = created_at + interval '3 days'
        where status = 'pending'
        returning id, practice_id, professional_id, total_cents, payout_amount_cents, settled_at
      )
      select * from settled`,
    sql`insert into ledger_lines (entry_id, event, account, amount_cents, practice_id, charge_id, created_at)
      select e.entry_id, 'settle', line.account, line.amount, e.practice_id, e.id, e.settled_at
      from (select settled_now.*, gen_random_uuid() as entry_id from settled_now
        where total_cents > 0) e
      cross join lateral (values ('cash', e.total_cents), ('practice_receivable', -e.total_cents))
        as line(account, amount)`,
    sql`create temporary table paid_now on commit drop as
      with paid as (
        insert into payouts (charge_id, professional_id, amount_cents, status, attempts,
          provider_transfer_id, created_at, paid_at)
        select id, professional_id, payout_amount_cents, 'paid', 1,
          'tr_seed_' || replace(id::text, '-', ''), settled_at, settled_at + interval '1 hour'
        from settled_now where payout_amount_cents > 0
        returning id, charge_id, professional_id, amount_cents, paid_at
      )
      select * from paid`,
    sql`insert into ledger_lines (entry_id, event, account, amount_cents, professional_id, charge_id, payout_id, created_at)
      select e.entry_id, 'payout', line.account, line.amount, e.professional_id, e.charge_id, e.id, e.paid_at
      from (select paid_now.*, gen_random_uuid() as entry_id from paid_now) e
      cross join lateral (values ('professional_payable', e.amount_cents), ('cash', -e.amount_cents))
        as line(account, amount)`,
  ];
}

/**
 * Trust on the market (decision records 021, 022): every professional's license as a credential
 * with an expiry spread over the coming two years (1 in 40 lapsed), CPR/BLS for most, a local
 * anesthesia permit for 1 in 4 hygienists and an X-ray license for 1 in 3 assistants; 1 in 10 open
 * shifts requires one of those or Dentrix; 1 in 50 is still offered to favourites first; each
 * practice keeps the professionals it booked most as favourites; 1 in 40 professionals blocked a
 * practice and 1 in 80 was blocked by one.
 */
export function insertTrust(): SQL[] {
  const market = sql.raw(`'%@${MARKET_EMAIL_DOMAIN}'`);
  const expiry = (salt: string) =>
    sql.raw(`(current_date + (case when abs(hashtext(p.id::text || '${salt}')) % 40 = 0
      then -(1 + abs(hashtext(p.id::text)) % 60) else 30 + abs(hashtext(p.id::text || '${salt}')) % 700 end))`);
  return [
    sql`insert into credentials (professional_id, kind, other_name, number, issuing_state, expires_on, status, decided_at)
      select p.id, case when p.role = 'hygienist' then 'nj_hygienist_license'
          when p.license_type = 'RDA' then 'nj_rda_registration' else 'other' end,
        case when p.role = 'hygienist' or p.license_type = 'RDA' then '' else p.license_type end,
        p.license_number, 'NJ', ${expiry('license')},
        case when p.status = 'verified' then 'verified' else 'pending' end, now()
      from professionals p where p.email like ${market} and p.license_number is not null`,
    sql`insert into credentials (professional_id, kind, number, issuing_state, expires_on, status, decided_at)
      select p.id, c.kind, 'C-' || left(md5(p.id::text || c.kind), 8), 'NJ', ${expiry('cpr')},
        'verified', now()
      from professionals p
      cross join lateral (values
        ('cpr_bls', abs(hashtext(p.id::text || 'cpr')) % 10 < 8),
        ('local_anesthesia_permit', p.role = 'hygienist' and abs(hashtext(p.id::text || 'la')) % 4 = 0),
        ('nj_radiologic_license', p.role = 'assistant' and abs(hashtext(p.id::text || 'xr')) % 3 = 0)
      ) as c(kind, held)
      where p.email like ${market} and p.role <> 'front-desk' and c.held`,
    sql`update shifts s set requirements = case
        when s.position = 'Hygienist' then array['local_anesthesia_permit']
        when s.position = 'Dental Assistant' then array['nj_radiologic_license']
        else array['software:Dentrix'] end
      where s.status = 'open' and s.starts_at > now() and abs(hashtext(s.id::text || 'req')) % 10 = 0`,
    sql`update shifts s set favourites_first_until = now() + make_interval(hours => 1 + abs(hashtext(s.id::text)) % 12)
      where s.status = 'open' and s.starts_at > now() + interval '1 day'
        and abs(hashtext(s.id::text || 'fav')) % 50 = 0`,
    sql`insert into favourites (practice_id, professional_id)
      select practice_id, professional_id from (
        select b.practice_id, b.professional_id,
          row_number() over (partition by b.practice_id order by count(*) desc, b.professional_id) as rank
        from bookings b where b.status = 'completed' group by b.practice_id, b.professional_id
      ) ranked where rank <= 5`,
    sql`insert into blocks (practice_id, professional_id, blocked_by)
      select ${practiceId(sql`(1 + abs(hashtext(p.id::text || 'bp')) % (select count(*) from practices where email like ${market}))::int`)},
        p.id, case when abs(hashtext(p.id::text || 'who')) % 3 = 0 then 'practice' else 'professional' end
      from professionals p
      where p.email like ${market} and abs(hashtext(p.id::text || 'block')) % 27 = 0
      on conflict do nothing`,
  ];
}
