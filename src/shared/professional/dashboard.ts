export type {
  BookedShiftDto,
  BookedShiftsReply,
  ProfessionalDashboardDto,
} from './professional-replies';

/** '—' while there is no rating, '4.8' otherwise. */
export function formatAverageRating(rating: number | null): string {
  return rating === null ? '—' : rating.toFixed(1);
}
