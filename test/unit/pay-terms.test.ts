import { describe, expect, it } from 'vitest';
import {
  feeBasisPointsSetting,
  feeFor,
  lateCancelMinutesSetting,
  lateCancellationFor,
  priceCharge,
} from '../../src/shared/money/pay-terms';
import { practiceInstant } from '../../src/shared/practice/shift-dates';

const at = (date: string, time: string) => practiceInstant(date, time)!;
const terms = { rateCents: 6000, payThrough: 'chairfill' as const, feeBasisPoints: 1500 };

describe('late cancellation', () => {
  it('is late less than 24 elapsed hours before the start, not at 24 hours', () => {
    const startsAt = at('2026-06-10', '08:00');
    const shift = { ...terms, startsAt, endsAt: at('2026-06-10', '16:00') };
    const exactly24 = new Date(startsAt.getTime() - 24 * 3_600_000);
    expect(lateCancellationFor(shift, 240, exactly24)).toBeNull();
    const late = lateCancellationFor(shift, 240, new Date(exactly24.getTime() + 1));
    expect(late).toMatchObject({ minutes: 240, shiftAmountCents: 24_000, feeCents: 3_600 });
    expect(late!.totalCents).toBe(27_600);
  });

  it('counts elapsed hours across the spring change: 08:00 the day before is only 23 hours ahead', () => {
    // Clocks go forward on Sunday 8 March 2026 at 02:00 in New Jersey.
    const shift = {
      ...terms,
      startsAt: at('2026-03-08', '08:00'),
      endsAt: at('2026-03-08', '16:00'),
    };
    expect(lateCancellationFor(shift, 240, at('2026-03-07', '08:00'))).not.toBeNull();
    expect(lateCancellationFor(shift, 240, at('2026-03-07', '07:00'))).toBeNull();
  });

  it('counts elapsed hours across the autumn change: 09:00 the day before is already 25 hours ahead', () => {
    // Clocks go back on Sunday 1 November 2026 at 02:00 in New Jersey.
    const shift = {
      ...terms,
      startsAt: at('2026-11-01', '08:00'),
      endsAt: at('2026-11-01', '16:00'),
    };
    expect(lateCancellationFor(shift, 240, at('2026-10-31', '08:00'))).toBeNull();
    expect(lateCancellationFor(shift, 240, at('2026-10-31', '09:00'))).toBeNull();
    expect(lateCancellationFor(shift, 240, at('2026-10-31', '09:01'))).not.toBeNull();
  });

  it('is at most the shift’s own length, the night clocks change included', () => {
    // 00:00–04:00 on the spring night is three real hours.
    const shift = {
      ...terms,
      startsAt: at('2026-03-08', '00:00'),
      endsAt: at('2026-03-08', '04:00'),
    };
    expect(lateCancellationFor(shift, 240, at('2026-03-07', '12:00'))!.minutes).toBe(180);
  });

  it('charges only the fee for a practice-payroll shift, and nothing when the setting is 0', () => {
    const shift = {
      ...terms,
      payThrough: 'practice_payroll' as const,
      startsAt: at('2026-06-10', '08:00'),
      endsAt: at('2026-06-10', '16:00'),
    };
    const late = lateCancellationFor(shift, 240, at('2026-06-10', '06:00'))!;
    expect(late.payoutAmountCents).toBe(0);
    expect(late.totalCents).toBe(late.feeCents);
    expect(lateCancellationFor(shift, 0, at('2026-06-10', '06:00'))).toBeNull();
  });
});

describe('fees and settings', () => {
  it('rounds the fee half up to the cent and keeps total = pay + fee', () => {
    expect(feeFor(41_250, 1500)).toBe(6_188); // 6187.5
    expect(feeFor(41_249, 1500)).toBe(6_187);
    const price = priceCharge({
      minutes: 450,
      rateCents: 5_500,
      payThrough: 'chairfill',
      feeBasisPoints: 1500,
    });
    expect(price).toEqual({
      shiftAmountCents: 41_250,
      payoutAmountCents: 41_250,
      feeCents: 6_188,
      totalCents: 47_438,
    });
  });

  it('reads PLATFORM_FEE_PERCENT and LATE_CANCEL_HOURS, refusing what is not a plain number in range', () => {
    expect(feeBasisPointsSetting(undefined)).toBe(1500);
    expect(feeBasisPointsSetting('12.5')).toBe(1250);
    expect(feeBasisPointsSetting('51')).toBeNull();
    expect(feeBasisPointsSetting('15%')).toBeNull();
    expect(lateCancelMinutesSetting('')).toBe(240);
    expect(lateCancelMinutesSetting('2.5')).toBe(150);
    expect(lateCancelMinutesSetting('13')).toBeNull();
  });
});
