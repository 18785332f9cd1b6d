import { sql } from 'drizzle-orm';
import { formatShiftAddress } from '@shared/address-format';
import { CALENDAR_TOKEN_PATTERN } from '@shared/marketplace/calendar-feed';
import { formatHourlyRate } from '@shared/money-format';
import { queryRows, type Database } from '../../db/client';
import {
  contactLines,
  locationContactColumns,
  toLocationContact,
  type LocationContactRow,
} from '../marketplace/booking-contacts';
import { serializeCalendar, type CalendarEvent } from './icalendar';

/** The feed covers shifts from this many days back, and every future one. */
const HISTORY_DAYS = 365;

interface FeedOwner {
  user_id: string;
  account_type: string;
  name: string;
}

interface FeedShiftRow {
  shift_id: string;
  position: string;
  starts_ms: number;
  ends_ms: number;
  updated_ms: number;
  rate_cents: number;
  location_name: string;
  location_address: string;
  location_city: string;
  location_zip_code: string;
  practice_name: string;
  shift_status: string;
  professional_name: string | null;
  booking_status: string | null;
}

const shiftColumns = sql`s.id as shift_id, s.position,
  (extract(epoch from s.starts_at) * 1000)::float8 as starts_ms,
  (extract(epoch from s.ends_at) * 1000)::float8 as ends_ms,
  (extract(epoch from greatest(s.updated_at, b.created_at, b.completed_at)) * 1000)::float8 as updated_ms,
  s.rate_cents, s.location_name, s.location_address, s.location_city, s.location_zip_code,
  s.status as shift_status, pr.practice_name`;

const since = sql`now() - make_interval(days => ${HISTORY_DAYS})`;

function place(row: FeedShiftRow): string {
  return formatShiftAddress(
    {
      name: row.location_name,
      address: row.location_address,
      city: row.location_city,
      zipCode: row.location_zip_code,
    },
    row.practice_name,
  );
}

function uid(shiftId: string): string {
  return `shift-${shiftId}@chairfill`;
}

/** A professional's booked shifts (confirmed and completed). */
async function professionalEvents(db: Database, userId: string): Promise<CalendarEvent[]> {
  const rows = await queryRows<FeedShiftRow & LocationContactRow>(
    db,
    sql`select ${shiftColumns}, null as professional_name, b.status as booking_status,
        ${locationContactColumns}
      from professionals p
      join bookings b on b.professional_id = p.id and b.status in ('confirmed', 'completed')
      join shifts s on s.id = b.shift_id
      join practices pr on pr.id = s.practice_id
      left join locations l on l.id = s.location_id
      where p.user_id = ${userId} and s.starts_at >= ${since}
      order by s.starts_at`,
  );
  return rows.map((row) => ({
    uid: uid(row.shift_id),
    start: new Date(Number(row.starts_ms)),
    end: new Date(Number(row.ends_ms)),
    updatedAt: new Date(Number(row.updated_ms)),
    summary: `${row.position} shift at ${row.practice_name}`,
    location: place(row),
    description: [
      `${row.position} shift at ${row.practice_name}`,
      `Rate: ${formatHourlyRate(Number(row.rate_cents))}`,
      ...contactLines(toLocationContact(row)),
      row.booking_status === 'completed' ? 'Completed' : 'Booked',
    ].join('\n'),
    status: 'CONFIRMED',
  }));
}

/** A practice's posted shifts that are not cancelled, saying who is booked or 'Open'. */
async function practiceEvents(db: Database, userId: string): Promise<CalendarEvent[]> {
  const rows = await queryRows<FeedShiftRow>(
    db,
    sql`select ${shiftColumns},
        trim(pro.first_name || ' ' || pro.last_name) as professional_name,
        b.status as booking_status
      from practices pr
      join shifts s on s.practice_id = pr.id and s.status <> 'cancelled'
      left join bookings b on b.shift_id = s.id and b.status in ('confirmed', 'completed')
      left join professionals pro on pro.id = b.professional_id
      where pr.user_id = ${userId} and s.starts_at >= ${since}
      order by s.starts_at`,
  );
  return rows.map((row) => {
    const who = row.professional_name || 'Open';
    return {
      uid: uid(row.shift_id),
      start: new Date(Number(row.starts_ms)),
      end: new Date(Number(row.ends_ms)),
      updatedAt: new Date(Number(row.updated_ms)),
      summary: `${row.position}: ${who}`,
      location: place(row),
      description: [
        `${row.position} shift at ${row.location_name || row.practice_name}`,
        row.professional_name ? `Booked: ${row.professional_name}` : 'Open: nobody is booked yet',
        `Rate: ${formatHourlyRate(Number(row.rate_cents))}`,
      ].join('\n'),
      status: row.professional_name ? 'CONFIRMED' : 'TENTATIVE',
    };
  });
}

/** The iCalendar text of the feed with this token, or null when no feed has it. */
export async function buildCalendarFeed(db: Database, token: string): Promise<string | null> {
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return null;
  const [owner] = await queryRows<FeedOwner>(
    db,
    sql`select u.id as user_id, u.account_type, u.name
      from calendar_feeds f join users u on u.id = f.user_id
      where f.token = ${token}`,
  );
  if (!owner) return null;
  const isPractice = owner.account_type === 'practice';
  if (!isPractice && owner.account_type === 'admin') return null;
  const events = isPractice
    ? await practiceEvents(db, owner.user_id)
    : await professionalEvents(db, owner.user_id);
  return serializeCalendar({
    name: isPractice ? `ChairFill: ${owner.name} shifts` : 'ChairFill: my shifts',
    description: isPractice
      ? 'Shifts your practice posted on ChairFill and who is booked'
      : 'Shifts you booked on ChairFill',
    events,
  });
}
