import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { builtOnce } from '../db/built-once';
import type { Database } from '../db/client';
import { bookings, locations, practices, professionals, shifts } from '../db/schema';
import type { Env } from '../env';
import {
  contactPersonColumn,
  contactPhoneColumn,
  toLocationContact,
} from '../services/marketplace/booking-contacts';
import type { CollectedNotices } from './deliver-notifications';
import type { MarketplaceEvent } from './events';
import { messagesForEvent, type BookingContacts } from './marketplace-messages';
import { queueNotices, type QueuedNotice } from './notice-queue';

/**
 * Who each side of each booking calls: the location's contact and the professional's phone. Built
 * once and named: it runs for every batch of the notice worker with confirmed bookings, and its
 * five-table join cost PostgreSQL more to plan than to run (0.7 ms under load on the large
 * market, issue 19). The bookings are one array parameter, so a batch's are read at once.
 */
const contactsOfBookings = builtOnce((db) => {
  const [b, s, pr, p, l] = [
    alias(bookings, 'b'),
    alias(shifts, 's'),
    alias(practices, 'pr'),
    alias(professionals, 'p'),
    alias(locations, 'l'),
  ];
  return db
    .select({
      booking_id: b.id,
      contact_phone: contactPhoneColumn,
      contact_person: contactPersonColumn,
      professional_phone: p.phone,
    })
    .from(b)
    .innerJoin(s, eq(s.id, b.shiftId))
    .innerJoin(pr, eq(pr.id, s.practiceId))
    .innerJoin(p, eq(p.id, b.professionalId))
    .leftJoin(l, eq(l.id, s.locationId))
    .where(sql`${b.id} = any(${sql.placeholder('bookingIds')}::uuid[])`);
}, 'contacts_of_bookings');

/** The contacts of each booking confirmed among `events` (one statement), by booking id. */
export async function contactsOfConfirmedBookings(
  db: Database,
  events: readonly MarketplaceEvent[],
): Promise<Map<string, BookingContacts>> {
  const ids = [
    ...new Set(
      events.flatMap((event) => (event.kind === 'booking_confirmed' ? [event.bookingId] : [])),
    ),
  ];
  if (ids.length === 0) return new Map();
  const rows = await contactsOfBookings(db, { bookingIds: ids });
  return new Map(
    rows.map((row) => [
      row.booking_id,
      { location: toLocationContact(row), professionalPhone: row.professional_phone ?? '' },
    ]),
  );
}

/**
 * Records a marketplace event for the people it concerns, in the transaction that made the
 * change (pass the transaction): queued, and delivered after the commit by the notice worker
 * (notice-worker.ts, marketplaceNotices).
 */
export function notify(db: Database, event: MarketplaceEvent, now?: Date): Promise<void> {
  return notifyAll(db, [event], now);
}

/** notify for several events of one change (every applicant declined): one statement. */
export function notifyAll(
  db: Database,
  events: readonly MarketplaceEvent[],
  now?: Date,
): Promise<void> {
  return queueNotices(db, marketplaceQueued(events), now);
}

/** Marketplace events as the notice queue takes them. */
export function marketplaceQueued(events: readonly MarketplaceEvent[]): QueuedNotice[] {
  return events.map((event) => ({ source: 'marketplace', event }));
}

/**
 * A marketplace event's notices: a bell entry for each person it concerns, and an e-mail unless
 * they turned that kind off; delivered by the notice worker together with the rest of its batch.
 *
 * Who is told: application_received → the practice (a bell entry per application; the e-mail
 * at once for the first, then at most one summary per shift every 15 minutes:
 * applicant-emails.ts, sent once the batch's notices are recorded, for the batch at once);
 * application_declined → the professional; booking_confirmed → both (each their own text, with
 * the other side's contact); booking_cancelled → the side that did not cancel, with the reason.
 */
export function marketplaceNotices(
  env: Pick<Env, 'publicUrl'>,
  event: MarketplaceEvent,
  now: Date,
  /** The booking's contacts (contactsOfConfirmedBookings), for booking_confirmed. */
  contacts: ReadonlyMap<string, BookingContacts>,
): CollectedNotices {
  const bookingContacts =
    event.kind === 'booking_confirmed'
      ? (contacts.get(event.bookingId) ?? {
          location: { phone: '', pointOfContact: '' },
          professionalPhone: '',
        })
      : undefined;
  return {
    messages: messagesForEvent(event, env.publicUrl, bookingContacts),
    emailApplicantsOf:
      event.kind === 'application_received' ? { shiftId: event.shift.id, at: now } : undefined,
  };
}
