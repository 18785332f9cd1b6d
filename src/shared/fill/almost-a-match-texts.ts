import { formatShortShiftDate } from '../date-format';
import { formatHourlyRate, formatMoney } from '../money-format';
import type { AlmostShiftDto } from './almost-a-match';

function miles(value: number): string {
  return `${value} ${value === 1 ? 'mile' : 'miles'}`;
}

function shifts(count: number): string {
  return `${count} ${count === 1 ? 'shift' : 'shifts'}`;
}

/** "Almost a match" under the Find Shifts board: shifts just outside the professional's settings. */
export const almostAMatchTexts = {
  heading: 'Almost a match',
  /** 'Almost a match: 3 shifts just outside your settings'. */
  headingWithCount: (count: number) =>
    `Almost a match: ${shifts(count)} just outside your settings`,
  loading: 'Looking for shifts just outside your settings…',
  failed: 'Could not load the shifts just outside your settings. Please try again.',
  empty:
    'No open shifts are just outside your travel distance or minimum rate right now: every shift near you either fits already or needs more than one change.',
  /** What it would take: '19.4 miles away: set your travel distance to 20 miles'. */
  whatItTakes(shift: Pick<AlmostShiftDto, 'almost' | 'reasons'>): string {
    const { almost, reasons } = shift;
    if (almost.kind === 'distance') {
      return `${reasons.distanceMiles.toFixed(1)} miles away: set your travel distance to ${miles(almost.travelDistanceMiles)}`;
    }
    const minimum = reasons.minimumRateCents ?? almost.minimumRateCents;
    return `${formatHourlyRate(reasons.rateCents)}: ${formatMoney(minimum - reasons.rateCents)} below your minimum of ${formatHourlyRate(minimum)}`;
  },
  /** The button's text: the one setting it saves. */
  action(shift: Pick<AlmostShiftDto, 'almost'>): string {
    const { almost } = shift;
    return almost.kind === 'distance'
      ? `Set travel distance to ${miles(almost.travelDistanceMiles)}`
      : `Set minimum rate to ${formatHourlyRate(almost.minimumRateCents)}`;
  },
  /** The button's name: the setting, and which shift it is for. */
  actionLabel(
    shift: Pick<AlmostShiftDto, 'almost' | 'position' | 'practiceName' | 'startTime'>,
  ): string {
    return `${almostAMatchTexts.action(shift)} for the ${shift.position} shift on ${formatShortShiftDate(shift.startTime)} at ${shift.practiceName}`;
  },
  saving: 'Saving…',
  /** After the save: the setting as it now is (the board is read again with it). */
  saved(shift: Pick<AlmostShiftDto, 'almost'>): string {
    const { almost } = shift;
    const setting =
      almost.kind === 'distance'
        ? `your travel distance is now ${miles(almost.travelDistanceMiles)}`
        : `your minimum rate is now ${formatHourlyRate(almost.minimumRateCents)}`;
    return `Saved: ${setting}.`;
  },
  saveFailed: 'Could not save your setting. Please try again.',
} as const;
