/** The practice dashboard's four figures, defined in one place (see get-practice-dashboard). */
export interface PracticeDashboardDto {
  /** Open shifts. */
  activeRequests: number;
  /** Shifts starting in the future that are not cancelled. */
  upcomingShifts: number;
  /** Distinct professionals booked on this practice's shifts. */
  professionalsWorkedWith: number;
  /** Median minutes from posting a shift to its first response; null when there is none. */
  averageResponseMinutes: number | null;
  /** Mean of the stars professionals gave this practice (one decimal); null while there is none. */
  averageRating: number | null;
}

/** '—' when there is no figure yet; '45m', '2h', '1d 3h' otherwise. */
export function formatResponseTime(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${Math.round(minutes)}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}d ${hours % 24}h` : `${days}d`;
}
