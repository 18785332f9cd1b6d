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
  /**
   * The new-shift form's market rate and reach, per query string: outside `all`, since no change
   * of the practice's own shifts changes it (its own never count in the band).
   */
  preview: (query: string) => ['practice', 'shift-preview', query] as const,
  boosts: (shiftId: string) => [...shiftKeys.all, 'boosts', shiftId] as const,
} as const;
