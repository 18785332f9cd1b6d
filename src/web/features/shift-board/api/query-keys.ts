import type { ShiftBoardFilters } from './shift-board';

/** Find Shifts: one answer per filter choice, all under `all`. */
export const shiftBoardKeys = {
  all: ['professional', 'shift-board'],
  board: (filters: ShiftBoardFilters) => [...shiftBoardKeys.all, filters] as const,
} as const;
