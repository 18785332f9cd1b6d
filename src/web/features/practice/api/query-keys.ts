/** The practice feature's query keys: the office record, the dashboard figures and locations. */
export const practiceKeys = {
  record: ['practice', 'record'],
  /** Counted from shifts: shift changes refresh it too (features/shifts). */
  dashboard: ['practice', 'dashboard'],
  locations: ['practice', 'locations'],
} as const;
