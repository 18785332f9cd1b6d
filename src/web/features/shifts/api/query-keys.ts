import type { ShiftPosition } from '@shared/practice/shift-constants';

/** Every shift query lives under `all`; changes to shifts invalidate it. */
export const shiftKeys = {
  all: ['practice', 'shifts'],
  /** ChairFill's fee and the late-cancellation amount in force. */
  payTerms: ['pay-terms'] as const,
  range: (from: string, to: string) => [...shiftKeys.all, 'range', from, to] as const,
  months: () => [...shiftKeys.all, 'months'] as const,
  month: (month: string, position: ShiftPosition | 'all') =>
    [...shiftKeys.all, 'month', month, position] as const,
  applicants: (shiftId: string) => [...shiftKeys.all, 'applicants', shiftId] as const,
  whyNot: (shiftId: string) => [...shiftKeys.all, 'why-not', shiftId] as const,
  boosts: (shiftId: string) => [...shiftKeys.all, 'boosts', shiftId] as const,
} as const;
