import { describe, expect, it } from 'vitest';
import type { ProfessionalBookingDto } from '../../src/shared/marketplace/booking-replies';
import {
  cancelledByText,
  groupBookings,
  nextBookings,
  ratingSummaryText,
  shiftSummaryText,
  shortShiftDateText,
  starsText,
  yearsText,
} from '../../src/web/features/bookings/booking-text';
import { ApiError } from '../../src/web/lib/api-client';
import { errorText } from '../../src/web/lib/error-text';

function booking(
  id: string,
  start: string,
  end: string,
  status: ProfessionalBookingDto['status'] = 'confirmed',
): ProfessionalBookingDto {
  return {
    id,
    status,
    source: 'instant',
    bookedAt: '2026-01-01T12:00:00.000Z',
    cancelledBy: status === 'cancelled' ? 'professional' : null,
    cancelReason: '',
    shift: {
      id: `shift-${id}`,
      practiceName: 'Shoreline Dental',
      position: 'Hygienist',
      startTime: start,
      endTime: end,
      rateCents: 5500,
      bookingMode: 'instant',
      payThrough: 'chairfill',
      status: status === 'cancelled' ? 'open' : status === 'completed' ? 'completed' : 'filled',
      location: {
        name: 'Main Office',
        address: '1 Ocean Avenue',
        city: 'Long Branch',
        zipCode: '07740',
      },
    },
    canCancel: status === 'confirmed',
    canRate: status === 'completed',
    myRating: null,
    contact: null,
  };
}

describe('booking texts', () => {
  it('summarises a rating as "4.8 (12)" and says when there is none', () => {
    expect(ratingSummaryText(4.75, 12)).toBe('4.8 (12)');
    expect(ratingSummaryText(5, 1)).toBe('5.0 (1)');
    expect(ratingSummaryText(null, 0)).toBe('No ratings yet');
    expect(ratingSummaryText(4, 0)).toBe('No ratings yet');
  });

  it('counts stars and years in the singular and the plural', () => {
    expect(starsText(1)).toBe('1 star');
    expect(starsText(4)).toBe('4 stars');
    expect(yearsText(1)).toBe('1 year');
    expect(yearsText(0)).toBe('0 years');
  });

  it('writes shift dates and times in New Jersey time', () => {
    // 13:00 UTC on a December day is 8:00 AM in New Jersey (EST).
    const shift = {
      position: 'Hygienist' as const,
      practiceName: 'Shoreline Dental',
      startTime: '2026-12-08T13:00:00.000Z',
      endTime: '2026-12-08T21:00:00.000Z',
    };
    expect(shiftSummaryText(shift)).toBe(
      'Hygienist at Shoreline Dental on Tue, Dec 8, 2026, 8:00 AM – 4:00 PM',
    );
    // 02:00 UTC is still the previous evening in New Jersey.
    expect(shortShiftDateText('2026-12-09T02:00:00.000Z')).toBe('Tue, Dec 8');
  });

  it('says who cancelled from the reader’s side', () => {
    expect(cancelledByText('professional', 'professional')).toBe('You cancelled this booking');
    expect(cancelledByText('practice', 'professional')).toBe('The practice cancelled this booking');
    expect(cancelledByText('professional', 'practice')).toBe(
      'The professional cancelled this booking',
    );
    expect(cancelledByText(null, 'practice')).toBe('Cancelled');
  });

  it('shows the server’s message for a refused action and a fallback otherwise', () => {
    const taken = new ApiError(
      409,
      'conflict',
      'Sorry, another professional has just booked this shift',
    );
    expect(errorText(taken, 'Something went wrong')).toBe(
      'Sorry, another professional has just booked this shift',
    );
    expect(errorText(new ApiError(500, 'internal', 'boom'), 'Something went wrong')).toBe(
      'Something went wrong',
    );
    expect(errorText(new ApiError(0, 'network', 'Network error'), 'Try again')).toBe('Try again');
    expect(errorText(new ApiError(400, 'bad', ''), 'Try again')).toBe('Try again');
    expect(errorText(new Error('x'), 'Try again')).toBe('Try again');
  });
});

describe('grouping a professional’s bookings', () => {
  const now = new Date('2026-06-10T15:00:00.000Z');
  const later = booking('later', '2026-06-20T12:00:00.000Z', '2026-06-20T20:00:00.000Z');
  const soon = booking('soon', '2026-06-11T12:00:00.000Z', '2026-06-11T20:00:00.000Z');
  const ongoing = booking('ongoing', '2026-06-10T12:00:00.000Z', '2026-06-10T20:00:00.000Z');
  const ended = booking('ended', '2026-06-01T12:00:00.000Z', '2026-06-01T20:00:00.000Z');
  const completed = booking(
    'completed',
    '2026-06-05T12:00:00.000Z',
    '2026-06-05T20:00:00.000Z',
    'completed',
  );
  const cancelled = booking(
    'cancelled',
    '2026-06-15T12:00:00.000Z',
    '2026-06-15T20:00:00.000Z',
    'cancelled',
  );
  const all = [later, completed, cancelled, soon, ended, ongoing];

  it('lists confirmed bookings that have not ended first, soonest first', () => {
    const { upcoming, past } = groupBookings(all, now);
    expect(upcoming.map((b) => b.id)).toEqual(['ongoing', 'soon', 'later']);
    // Cancelled ones are never upcoming, even in the future; the rest newest first.
    expect(past.map((b) => b.id)).toEqual(['cancelled', 'completed', 'ended']);
  });

  it('does not reorder the list it was given', () => {
    groupBookings(all, now);
    expect(all.map((b) => b.id)).toEqual([
      'later',
      'completed',
      'cancelled',
      'soon',
      'ended',
      'ongoing',
    ]);
  });

  it('takes the next few for the dashboard', () => {
    expect(nextBookings(all, now, 2).map((b) => b.id)).toEqual(['ongoing', 'soon']);
    expect(nextBookings([], now, 3)).toEqual([]);
  });
});
