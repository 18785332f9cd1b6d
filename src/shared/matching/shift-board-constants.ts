import type { ProfessionalRole } from '../accounts';
import { formatHourlyRate, formatMoney } from '../money-format';
import type {
  AvailabilityWindowDto,
  ShiftBoardItemDto,
} from '../professional/professional-replies';
import type { ShiftPosition } from '../practice/shift-constants';
import { formatHour } from '../professional/hour-format';

/**
 * Find Shifts: the open shifts that fit a professional. The rules themselves live in one place,
 * the SQL of src/server/services/matching/eligibility-sql.ts (the board and the practices' reach
 * both use it); this module holds what both sides share: the reply's shape, the filter choices and
 * the texts that explain why a shift fits. No zod here (the query schema is in shift-board.ts,
 * which re-exports this module), so the Find Shifts page does not load it.
 */

/** The shift position a professional of each role works (the 'Assistant' label works 'Dental Assistant'). */
export const shiftPositionByRole: Record<ProfessionalRole, ShiftPosition> = {
  hygienist: 'Hygienist',
  assistant: 'Dental Assistant',
  'front-desk': 'Front Desk',
};

/** The distance filter widens the professional's own travel distance up to this many miles. */
export const MAX_WIDENED_DISTANCE_MILES = 100;

/** The distances the filter offers (the professional's own travel distance is always offered). */
export const distanceFilterChoices = [5, 10, 15, 25, 35, 50, 75, 100] as const;

export const shiftBoardMessages = {
  incompleteProfile:
    'Add your home ZIP code, travel distance and weekly availability to see matching shifts',
  unknownZipCode:
    'We could not locate your home ZIP code. Please check it in your profile to see matching shifts',
  noMatches: 'No open shifts match your profile right now',
  noMatchesHint: 'Try a wider distance or include shifts below your minimum rate.',
  invalidDistance: `Please choose a distance from 0 to ${MAX_WIDENED_DISTANCE_MILES} miles`,
  loadFailed: 'Failed to load matching shifts. Please try again.',
} as const;

function miles(value: number): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${text} ${value === 1 ? 'mile' : 'miles'}`;
}

/** '8.2 miles away (within your 25 miles)' / '31.0 miles away (beyond your 25 miles)'. */
export function distanceReason(reasons: ShiftBoardItemDto['reasons']): string {
  const away = `${reasons.distanceMiles.toFixed(1)} miles away`;
  const limit = miles(reasons.travelDistanceMiles);
  return reasons.withinTravelDistance
    ? `${away} (within your ${limit})`
    : `${away} (beyond your ${limit})`;
}

/** '$52.00/hr — $7.00 above your minimum' / '... matches your minimum' / '... below ...'. */
export function rateReason(reasons: ShiftBoardItemDto['reasons']): string {
  const rate = formatHourlyRate(reasons.rateCents);
  if (reasons.minimumRateCents === null) return `${rate} — you have not set a minimum rate`;
  const difference = reasons.rateCents - reasons.minimumRateCents;
  if (difference === 0) return `${rate} — matches your minimum`;
  return difference > 0
    ? `${rate} — ${formatMoney(difference)} above your minimum`
    : `${rate} — ${formatMoney(-difference)} below your minimum`;
}

/** 'Fits your Tuesday 8:00 AM–6:00 PM availability'. */
export function availabilityReason(window: AvailabilityWindowDto): string {
  return `Fits your ${window.day} ${formatHour(window.startTime)}–${formatHour(window.endTime)} availability`;
}
