import {
  formatShiftDate as shiftDateText,
  formatShiftHours as shiftTimeText,
} from '@shared/date-format';
import type { ProfessionalBookingDto, ShiftSummaryDto } from '@shared/marketplace/booking-replies';

/**
 * Texts and orderings shared by both portals' booking screens (applicants, bookings, ratings).
 * Shift dates and times come from the one date format (@shared/date-format).
 */
export { shiftDateText, shiftTimeText };
export { formatShortShiftDate as shortShiftDateText } from '@shared/date-format';

/** 'Hygienist at Shoreline Dental on Tue, Dec 8, 2026, 8:00 AM – 4:00 PM'. */
export function shiftSummaryText(
  shift: Pick<ShiftSummaryDto, 'position' | 'practiceName' | 'startTime' | 'endTime'>,
): string {
  return `${shift.position} at ${shift.practiceName} on ${shiftDateText(shift.startTime)}, ${shiftTimeText(shift.startTime, shift.endTime)}`;
}

/** '4.8 (12)' or 'No ratings yet'. */
export function ratingSummaryText(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No ratings yet';
  return `${average.toFixed(1)} (${count})`;
}

/** '1 star', '4 stars'. */
export function starsText(stars: number): string {
  return `${stars} ${stars === 1 ? 'star' : 'stars'}`;
}

/** '4 out of 5 stars' (the accessible name of a row of stars). */
export function starsOutOfFiveText(stars: number): string {
  return `${stars} out of 5 stars`;
}

/** '1 year', '7 years'. */
export function yearsText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/**
 * Who cancelled a booking, from the reader's side: 'You cancelled this booking' or
 * 'The practice cancelled this booking' (a professional's view), and the reverse for a practice.
 */
export function cancelledByText(
  cancelledBy: ProfessionalBookingDto['cancelledBy'],
  reader: 'professional' | 'practice',
): string {
  if (cancelledBy === null) return 'Cancelled';
  if (cancelledBy === reader) return 'You cancelled this booking';
  return cancelledBy === 'practice'
    ? 'The practice cancelled this booking'
    : 'The professional cancelled this booking';
}

/** A professional's bookings as the schedule lists them: upcoming and ongoing, then the rest. */
export interface GroupedBookings {
  /** Confirmed bookings that have not ended, soonest first. */
  upcoming: ProfessionalBookingDto[];
  /** Completed, cancelled, or ended, most recent first. */
  past: ProfessionalBookingDto[];
}

export function groupBookings(
  bookings: readonly ProfessionalBookingDto[],
  now: Date,
): GroupedBookings {
  const nowMs = now.getTime();
  const isUpcoming = (booking: ProfessionalBookingDto) =>
    booking.status === 'confirmed' && Date.parse(booking.shift.endTime) > nowMs;
  const byStart = (a: ProfessionalBookingDto, b: ProfessionalBookingDto) =>
    Date.parse(a.shift.startTime) - Date.parse(b.shift.startTime);
  return {
    upcoming: bookings.filter(isUpcoming).sort(byStart),
    past: bookings.filter((booking) => !isUpcoming(booking)).sort((a, b) => byStart(b, a)),
  };
}

/** The next `limit` confirmed bookings that have not ended, soonest first (the dashboard). */
export function nextBookings(
  bookings: readonly ProfessionalBookingDto[],
  now: Date,
  limit: number,
): ProfessionalBookingDto[] {
  return groupBookings(bookings, now).upcoming.slice(0, limit);
}
