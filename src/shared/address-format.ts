/**
 * How a shift's place reads on boards, e-mails, calendar feeds and the portals: one rule.
 * ChairFill serves New Jersey, so every place is in NJ.
 */
export const SERVICE_STATE = 'NJ';

import type { BookingContact, ShiftPlace } from './marketplace/booking-replies';

/**
 * 'Location name, street, town, NJ ZIP', e.g. 'Paramus Office, 12 Elm Street, Paramus, NJ
 * 07652'. The location name is left out when it is the practice's own name (a one-location
 * practice), so no name repeats; empty parts are left out.
 */
export function formatShiftAddress(place: ShiftPlace, practiceName: string): string {
  const name = place.name.trim();
  const sameAsPractice = name.toLowerCase() === practiceName.trim().toLowerCase();
  const stateZip = [SERVICE_STATE, place.zipCode.trim()].filter(Boolean).join(' ');
  return [sameAsPractice ? '' : name, place.address.trim(), place.city.trim(), stateZip]
    .filter(Boolean)
    .join(', ');
}

/** A billing address as lines: street, then 'Town, NJ ZIP' (invoices and receipts). */
export function formatAddressLines(address: {
  address: string;
  city: string;
  zipCode: string;
}): string[] {
  const stateZip = [SERVICE_STATE, address.zipCode.trim()].filter(Boolean).join(' ');
  return [
    address.address.trim(),
    [address.city.trim(), stateZip].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/** 'Practice name, location line': who and where in one line (digest lines, reminders). */
export function formatPracticeAndPlace(place: ShiftPlace, practiceName: string): string {
  return [practiceName.trim(), formatShiftAddress(place, practiceName)].filter(Boolean).join(', ');
}

/**
 * The contact as label/value lines, empty ones left out: the booking e-mails, calendar feeds and
 * both portals show them so.
 */
export function contactDetails(contact: BookingContact): Array<[label: string, value: string]> {
  const lines: Array<[string, string]> = [];
  if (contact.pointOfContact.trim())
    lines.push(['Point of contact', contact.pointOfContact.trim()]);
  if (contact.phone.trim()) lines.push(['Phone', contact.phone.trim()]);
  return lines;
}
