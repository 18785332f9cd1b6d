import { formatHourlyRate } from '../money-format';
import {
  BOOSTS_PER_PRACTICE_DAY,
  BOOSTS_PER_SHIFT,
  URGENT_WITHIN_HOURS,
  URGENTS_PER_PRACTICE_DAY,
} from './boost-constants';
import { WIDEN_MAX_MILES, WIDEN_MIN_MILES, WIDEN_SHARE } from './why-not-constants';

function boosts(count: number): string {
  return `${count} ${count === 1 ? 'boost' : 'boosts'}`;
}

function professionals(count: number): string {
  return `${count} ${count === 1 ? 'professional' : 'professionals'}`;
}

/** A distance in miles as shown: to the tenth, without a trailing '.0' ('18.2', '15'). */
export function milesText(miles: number): string {
  return String(Math.round(miles * 10) / 10);
}

/** The refusals of POST /api/practice/shifts/{id}/boosts (409 unless said). */
export const boostMessages = {
  notOpen: 'Only an open shift that has not started can be boosted.',
  shiftLimit: `This shift has had its ${BOOSTS_PER_SHIFT} boosts.`,
  practiceDayLimit: `Your practice has used its ${BOOSTS_PER_PRACTICE_DAY} boosts for today. You can boost again tomorrow.`,
  widenedAlready: 'More professionals have already been told of this shift.',
  urgentAlready: 'This shift has already been marked urgent.',
  urgentTooEarly: `A shift can be marked urgent only within ${URGENT_WITHIN_HOURS} hours of its start.`,
  urgentDayLimit: `Your practice has marked ${URGENTS_PER_PRACTICE_DAY} shifts urgent today, the most for one day. You can mark another tomorrow.`,
  rateNotHigher: (currentCents: number) =>
    `A boost raises the rate: enter more than ${formatHourlyRate(currentCents)}.`,
  practiceNotVerified:
    'ChairFill is still verifying your practice: its shifts reach professionals once it is verified.',
  kindRequired: 'Choose how to boost the shift',
} as const;

/** The "Boost" dialog of an open shift in Staffing Requests, and its toast. */
export const boostTexts = {
  open: 'Boost',
  openLabel: (date: string) => `Boost shift on ${date}`,
  title: 'Boost this shift',
  loading: 'Loading what is left to boost…',
  loadFailed: 'Could not load this shift’s boosts. Please try again.',
  /** '2 boosts left for this shift, 8 today'. */
  left: (shift: number, today: number) => `${boosts(shift)} left for this shift, ${today} today.`,
  choiceLegend: 'How do you want to boost it?',
  rate: 'Raise the rate',
  rateHint: (currentCents: number) =>
    `Now ${formatHourlyRate(currentCents)}. Professionals whose minimum the new rate meets are told.`,
  rateWarning:
    'Pending applicants are withdrawn and told the new rate: they can apply again on the new terms.',
  rateLabel: 'New hourly rate ($)',
  widen: 'Tell more professionals',
  widenHint: `Tells professionals who live up to ${WIDEN_MIN_MILES} miles or ${Math.round(WIDEN_SHARE * 100)} % beyond their travel distance (whichever is more, at most ${WIDEN_MAX_MILES} miles), and says so plainly.`,
  urgent: 'Mark urgent',
  urgentHint: `Its best matches, including some just beyond their travel distance, are told at once by text or push where they allow it, by e-mail otherwise. Once per shift, within ${URGENT_WITHIN_HOURS} hours of the start.`,
  unavailable: {
    widen: 'Already done for this shift.',
    urgentDone: 'Already marked urgent.',
    urgentTooEarly: `Not yet: the shift starts more than ${URGENT_WITHIN_HOURS} hours from now.`,
    urgentDayLimit: 'Today’s urgent shifts are all used.',
  },
  none: 'No boosts are left for this shift.',
  submit: 'Boost shift',
  submitting: 'Boosting…',
  close: 'Close',
  failed: 'Could not boost the shift',
  /** The toast after a boost. */
  told: (count: number) =>
    count === 0
      ? 'Shift boosted. No one new could be told right now.'
      : `Shift boosted: ${professionals(count)} told.`,
  withdrawn: (count: number) =>
    count === 0
      ? ''
      : ` ${count} pending ${count === 1 ? 'applicant was' : 'applicants were'} told the new rate.`,
  /** From the "Why isn't this filling?" panel when its best change is to widen. */
  fromWhyNot: 'Tell more professionals',
} as const;

/**
 * The plain line a professional told of a boosted shift reads about its distance: '18.2 miles
 * away, beyond your 15 miles.' beyond their travel distance, '6.4 miles away.' within it.
 */
export function boostDistanceLine(miles: number, travelDistanceMiles: number | null): string {
  const away = `${milesText(miles)} miles away`;
  return travelDistanceMiles !== null && miles > travelDistanceMiles
    ? `${away}, beyond your ${milesText(travelDistanceMiles)} miles.`
    : `${away}.`;
}

/**
 * Find Shifts' distance for a professional told of a shift `miles` away: the board's smallest
 * distance choice (distanceFilterChoices) that lists it when it lies beyond their travel
 * distance, so the notice's link opens the board with the shift on it; undefined within it.
 */
export function findShiftsDistanceFor(
  miles: number | null,
  travelDistanceMiles: number | null,
  choices: readonly number[],
): number | undefined {
  if (miles === null || travelDistanceMiles === null || miles <= travelDistanceMiles) {
    return undefined;
  }
  return choices.find((choice) => choice >= miles);
}
