import type { ShiftBoardFilters } from './shift-board';

/**
 * Find Shifts: one answer per filter choice and "Almost a match", all under `all` (so applying,
 * booking and a profile save ask for both again).
 */
export const shiftBoardKeys = {
  all: ['professional', 'shift-board'],
  board: (filters: ShiftBoardFilters) => [...shiftBoardKeys.all, filters] as const,
  almost: ['professional', 'shift-board', 'almost'],
} as const;

/** The practice scorecards professionals read: a board's batch, and one practice's page. */
export const practiceScorecardKeys = {
  all: ['professional', 'practice-scorecards'],
  batch: (practiceIds: readonly string[]) =>
    [...practiceScorecardKeys.all, 'batch', practiceIds] as const,
  profile: (practiceId: string) => [...practiceScorecardKeys.all, 'profile', practiceId] as const,
} as const;
