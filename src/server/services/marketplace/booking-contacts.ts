import { sql } from 'drizzle-orm';
import { contactDetails } from '@shared/address-format';
import type { BookingContact } from '@shared/marketplace/booking-replies';

/**
 * Whom a booked professional calls: the shift location's phone and point of contact as they are
 * now, each falling back to the practice's when the location has none (or was deleted). Read
 * with the shift aliased `s`, the practice `pr` and `left join locations l on l.id =
 * s.location_id`.
 */
export const contactPhoneColumn = sql<string | null>`coalesce(nullif(l.phone, ''), pr.phone)`;
export const contactPersonColumn = sql<
  string | null
>`coalesce(nullif(l.point_of_contact, ''), pr.point_of_contact)`;
export const locationContactColumns = sql`
  ${contactPhoneColumn} as contact_phone, ${contactPersonColumn} as contact_person`;

export interface LocationContactRow {
  contact_phone: string | null;
  contact_person: string | null;
}

export function toLocationContact(row: LocationContactRow): BookingContact {
  return { phone: row.contact_phone ?? '', pointOfContact: row.contact_person ?? '' };
}

/** The contact as 'Label: value' text lines (calendar descriptions). */
export function contactLines(contact: BookingContact): string[] {
  return contactDetails(contact).map(([label, value]) => `${label}: ${value}`);
}
