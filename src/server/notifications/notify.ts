import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import type { Env } from '../env';
import {
  locationContactColumns,
  toLocationContact,
  type LocationContactRow,
} from '../services/marketplace/booking-contacts';
import { emailNewApplicants } from './applicant-emails';
import type { CollectedNotices } from './deliver-notifications';
import type { MarketplaceEvent } from './events';
import { messagesForEvent, type BookingContacts } from './marketplace-messages';
import { queueNotice } from './notice-queue';

/** Who each side of a booking calls: the location's contact and the professional's phone. */
async function bookingContacts(db: Database, bookingId: string): Promise<BookingContacts> {
  const [row] = await queryRows<LocationContactRow & { professional_phone: string | null }>(
    db,
    sql`select ${locationContactColumns}, p.phone as professional_phone
      from bookings b
      join shifts s on s.id = b.shift_id
      join practices pr on pr.id = s.practice_id
      join professionals p on p.id = b.professional_id
      left join locations l on l.id = s.location_id
      where b.id = ${bookingId}`,
  );
  return {
    location: row ? toLocationContact(row) : { phone: '', pointOfContact: '' },
    professionalPhone: row?.professional_phone ?? '',
  };
}

/**
 * Records a marketplace event for the people it concerns, in the transaction that made the
 * change (pass the transaction): queued, and delivered after the commit by the notice worker
 * (notice-worker.ts, marketplaceNotices).
 */
export async function notify(
  db: Database,
  event: MarketplaceEvent,
  now: Date = new Date(),
): Promise<void> {
  await queueNotice(db, { source: 'marketplace', event }, now);
}

/**
 * A marketplace event's notices: a bell entry for each person it concerns, and an e-mail unless
 * they turned that kind off; delivered by the notice worker together with the rest of its batch.
 *
 * Who is told: application_received → the practice (a bell entry per application; the e-mail
 * at once for the first, then at most one summary per shift every 15 minutes:
 * applicant-emails.ts, sent once the batch's notices are recorded); application_declined → the
 * professional; booking_confirmed → both (each their own text, with the other side's contact);
 * booking_cancelled → the side that did not cancel, with the reason.
 */
export async function marketplaceNotices(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
  event: MarketplaceEvent,
  now: Date,
): Promise<CollectedNotices> {
  const contacts =
    event.kind === 'booking_confirmed' ? await bookingContacts(db, event.bookingId) : undefined;
  return {
    messages: messagesForEvent(event, env.publicUrl, contacts),
    afterwards:
      event.kind === 'application_received'
        ? async () => {
            await emailNewApplicants(db, env, event.shift.id, now);
          }
        : undefined,
  };
}
