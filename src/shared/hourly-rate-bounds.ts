import type { ProfessionalRole } from './accounts';
import { shiftPositionByRole } from './matching/shift-board-constants';
import { hourlyAmountField } from './money';
import { centsToDollars, formatMoney } from './money-format';
import { shiftPositions, type ShiftPosition } from './practice/shift-constants';

/**
 * The hourly rates a New Jersey dental office can post, per position, in integer cents: the one
 * home of these bounds (new shift and shift edit, form and server; a professional's minimum rate).
 *
 * - The floor is New Jersey's minimum wage for 2026, $15.92 an hour (most employers; the state
 *   raises it each 1 January with the consumer price index), for every position.
 * - The ceilings are generous on purpose: market rates in New Jersey run about $40 to $75 an hour
 *   for hygienists, $18 to $40 for dental assistants and $16 to $35 for front desk; twice the top
 *   of each range leaves room for holidays, short notice and specialists, while $0 or $1,000 an
 *   hour is a typing slip that would reach every matching professional.
 */
export const NJ_MINIMUM_WAGE_CENTS = 1592;

export interface HourlyRateBounds {
  minCents: number;
  maxCents: number;
}

export const hourlyRateBounds: Record<ShiftPosition, HourlyRateBounds> = {
  Hygienist: { minCents: NJ_MINIMUM_WAGE_CENTS, maxCents: 15_000 },
  'Dental Assistant': { minCents: NJ_MINIMUM_WAGE_CENTS, maxCents: 8_000 },
  'Front Desk': { minCents: NJ_MINIMUM_WAGE_CENTS, maxCents: 6_000 },
};

export function isWithinRateBounds(position: ShiftPosition, cents: number): boolean {
  const { minCents, maxCents } = hourlyRateBounds[position];
  return cents >= minCents && cents <= maxCents;
}

/** 'Hygienist rates must be between $15.92 and $150.00 an hour.' */
export function rateBoundsMessage(position: ShiftPosition): string {
  const { minCents, maxCents } = hourlyRateBounds[position];
  return `${position} rates must be between ${formatMoney(minCents)} and ${formatMoney(maxCents)} an hour.`;
}

/**
 * A shift's hourly rate: required (`emptyMessage`), within `position`'s bounds, and anything else
 * refused with the bounds message, so the form says the floor the server applies.
 */
export function shiftRateField(position: ShiftPosition, emptyMessage: string) {
  const message = rateBoundsMessage(position);
  return hourlyAmountField(emptyMessage, message).refine(
    (cents) => cents === null || isWithinRateBounds(position, cents),
    message,
  );
}

/**
 * The rate input's `min` and `max` in dollars ('15.92') for `position`, or for any position when
 * none is chosen yet (the lowest floor, the highest ceiling).
 */
export function rateInputBounds(position: ShiftPosition | null): { min: string; max: string } {
  const bounds = position
    ? [hourlyRateBounds[position]]
    : shiftPositions.map((p) => hourlyRateBounds[p]);
  return {
    min: centsToDollars(Math.min(...bounds.map((b) => b.minCents))),
    max: centsToDollars(Math.max(...bounds.map((b) => b.maxCents))),
  };
}

/**
 * An hourly amount a person may leave empty (-> null), otherwise within `position`'s bounds: a
 * practice's maximum rate, a professional's minimum rate.
 */
export function optionalHourlyRateField(position: ShiftPosition) {
  return hourlyAmountField(null).refine(
    (cents) => cents === null || isWithinRateBounds(position, cents),
    rateBoundsMessage(position),
  );
}

/** The position whose bounds apply to a professional of `role`. */
export function rateBoundsPositionOf(role: ProfessionalRole): ShiftPosition {
  return shiftPositionByRole[role];
}
