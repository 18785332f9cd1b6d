import { formatHourlyRate } from '../money-format';
import type { ShiftPosition } from '../practice/shift-constants';
import { requirementLabel } from '../trust/requirements-constants';
import type { WhyNotChangeDto, WhyNotDto } from './why-not';
import {
  WHY_NOT_RADIUS_MILES,
  WIDEN_MAX_MILES,
  WIDEN_MIN_MILES,
  WIDEN_SHARE,
  type WhyNotRule,
} from './why-not-constants';

/** The professionals of a position, one and several: 'hygienist', 'hygienists'. */
const professionalsOf: Record<ShiftPosition, [string, string]> = {
  Hygienist: ['hygienist', 'hygienists'],
  'Dental Assistant': ['dental assistant', 'dental assistants'],
  'Front Desk': ['front desk professional', 'front desk professionals'],
};

/** Each rule as the panel names it. */
export const whyNotRuleLabels: Record<WhyNotRule, string> = {
  distance: 'travel distance',
  minimumRate: 'minimum rate',
  availability: 'availability',
  credentials: 'credentials and skills',
  blocks: 'blocks',
  bookedThen: 'already booked then',
};

/** 'HH:MM' (New Jersey wall clock) as '7:00 AM'. */
function clockText(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const half = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${half}`;
}

function professionals(count: number): string {
  return `${count} ${count === 1 ? 'professional' : 'professionals'}`;
}

/** The refusals of GET /api/practice/shifts/{id}/why-not. */
export const whyNotMessages = {
  notOpen: 'This shift is not open any more: only open shifts that have not started are counted.',
  practiceNotVerified:
    'ChairFill is still verifying your practice: its shifts reach professionals once it is verified.',
} as const;

/** "Why isn't this filling?" on an open shift in Staffing Requests. */
export const whyNotTexts = {
  open: "Why isn't this filling?",
  /** The control's name: its text, then which shift. */
  openLabel: (date: string) => `Why isn't this filling? Shift on ${date}`,
  heading: "Why isn't this filling?",
  loading: 'Counting the professionals near this shift…',
  failed: 'Could not count the professionals near this shift. Please try again.',
  summary(position: ShiftPosition, answer: Pick<WhyNotDto, 'population' | 'reached'>): string {
    const [one, several] = professionalsOf[position];
    return `Of ${answer.population} verified ${answer.population === 1 ? one : several} within ${WHY_NOT_RADIUS_MILES} miles, ${answer.reached} ${answer.reached === 1 ? 'is' : 'are'} reached.`;
  },
  leftOut(answer: Pick<WhyNotDto, 'leftOutBy' | 'leftOutByMore'>): string {
    const rules = (Object.keys(whyNotRuleLabels) as WhyNotRule[])
      .map((rule) => `${whyNotRuleLabels[rule]} ${answer.leftOutBy[rule]}`)
      .join(', ');
    return `Left out by one rule only: ${rules}. By two or more rules: ${answer.leftOutByMore}.`;
  },
  /** Those already booked then are counted as reached: the shift reaches them, they cannot take it. */
  bookedNote:
    'Professionals already booked then see this shift but cannot take it: they are among those reached.',
  noChange:
    'No single change of the rate, the hours, a requirement or the distance would reach more professionals who can take it.',
  bestChangeLead: 'The one change that reaches the most:',
  change(change: WhyNotChangeDto): string {
    const gain = `(+${professionals(change.gain)})`;
    switch (change.kind) {
      case 'rate':
        return `raise the rate to ${formatHourlyRate(change.rateCents)} ${gain}`;
      case 'time':
        return `move the hours to ${clockText(change.startTime)} – ${clockText(change.endTime)} ${gain}`;
      case 'drop_requirement':
        return `drop the requirement “${requirementLabel(change.requirement)}” ${gain}`;
      case 'widen':
        return `tell professionals up to ${change.miles} ${change.miles === 1 ? 'mile' : 'miles'} beyond their travel distance ${gain}`;
    }
  },
  /** Under a change the edit form cannot make. */
  changeNote(change: WhyNotChangeDto): string | null {
    switch (change.kind) {
      case 'drop_requirement':
        return 'Requirements cannot be changed on a posted shift: cancel it and post it again without this one.';
      case 'widen':
        return `Beyond their travel distance means by ${WIDEN_MIN_MILES} miles or ${WIDEN_SHARE * 100}% of it, whichever is more, and never more than ${WIDEN_MAX_MILES} miles.`;
      default:
        return null;
    }
  },
  edit: 'Edit this shift',
} as const;
