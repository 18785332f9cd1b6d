import { describe, expect, it } from 'vitest';
import {
  formatMoment,
  formatShiftClock,
  formatShiftDate,
  formatShiftHours,
  formatShiftMonth,
  formatShortShiftDate,
} from '../../src/shared/date-format';
import { formatHourlyRate, formatMoney } from '../../src/shared/money-format';

describe('dates, times and money as people read them', () => {
  // 13:00 UTC in December is 8:00 AM in New Jersey (EST); in July 9:00 AM (EDT).
  const winterStart = '2026-12-08T13:00:00.000Z';
  const winterEnd = '2026-12-08T21:00:00.000Z';

  it('shows shift dates and hours in New Jersey wall-clock time, whatever the zone', () => {
    expect(formatShiftDate(winterStart)).toBe('Tue, Dec 8, 2026');
    expect(formatShortShiftDate(winterStart)).toBe('Tue, Dec 8');
    expect(formatShiftClock(winterStart)).toBe('8:00 AM');
    expect(formatShiftHours(winterStart, winterEnd)).toBe('8:00 AM – 4:00 PM');
    expect(formatShiftClock('2027-07-06T13:00:00.000Z')).toBe('9:00 AM');
    expect(formatShiftMonth(winterStart)).toBe('December 2026');
    // Just after midnight in New Jersey is still the previous day in UTC terms and vice versa.
    expect(formatShiftDate('2026-12-09T04:30:00.000Z')).toBe('Tue, Dec 8, 2026');
  });

  it('reads a moment of the account in the reader’s own zone', () => {
    expect(formatMoment(new Date(2026, 11, 8, 15, 5))).toBe('Tue, Dec 8, 2026 at 3:05 PM');
  });

  it('shows money in dollars and rates per hour as /hr', () => {
    expect(formatMoney(4550)).toBe('$45.50');
    expect(formatHourlyRate(5500)).toBe('$55.00/hr');
  });
});
