import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
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
import { PRACTICE_TIME_ZONE } from '../../src/shared/practice/time-zone';

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

  it('reads New Jersey wall-clock time as date-fns does in that zone, across the clock changes', () => {
    const inPractice = tz(PRACTICE_TIME_ZONE);
    const instants: Date[] = [];
    // Every 7 minutes 13 seconds over the two clock changes of 2026 and 2027, and spread instants.
    for (const around of ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z']) {
      for (let step = -40; step <= 40; step++) {
        instants.push(new Date(Date.parse(around) + step * 433_000));
      }
    }
    for (let day = 0; day < 800; day++) {
      instants.push(
        new Date(Date.parse('2025-12-31T00:00:00Z') + day * 86_400_000 + day * 1_777_000),
      );
    }
    for (const instant of instants) {
      const iso = instant.toISOString();
      expect(formatShiftDate(iso)).toBe(format(instant, 'EEE, MMM d, yyyy', { in: inPractice }));
      expect(formatShortShiftDate(instant)).toBe(format(instant, 'EEE, MMM d', { in: inPractice }));
      expect(formatShiftClock(iso)).toBe(format(instant, 'h:mm a', { in: inPractice }));
      expect(formatShiftMonth(iso)).toBe(format(instant, 'MMMM yyyy', { in: inPractice }));
    }
    expect(formatShiftClock('2026-12-08T05:05:00.000Z')).toBe('12:05 AM');
    expect(formatShiftClock('2026-12-08T17:00:00.000Z')).toBe('12:00 PM');
  });

  it('reads a moment of the account in the reader’s own zone', () => {
    expect(formatMoment(new Date(2026, 11, 8, 15, 5))).toBe('Tue, Dec 8, 2026 at 3:05 PM');
  });

  it('shows money in dollars and rates per hour as /hr', () => {
    expect(formatMoney(4550)).toBe('$45.50');
    expect(formatHourlyRate(5500)).toBe('$55.00/hr');
  });
});
