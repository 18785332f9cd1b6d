import { formatMoney, formatHourlyRate } from '../money-format';
import {
  MARKET_BAND_MAX_PRACTICE_SHARE,
  MARKET_BAND_MIN_PRACTICES,
  MARKET_BAND_MIN_SHIFTS,
  MARKET_BAND_RADIUS_MILES,
  MARKET_BAND_WINDOW_DAYS,
  type MarketDayType,
} from './market-rate-constants';
import type { MarketBandDto, ShiftPreviewDto } from './shift-preview';

const dayTypeTexts: Record<MarketDayType, string> = {
  weekday: 'on weekdays',
  weekend: 'on weekends',
};

function plural(count: number, one: string, several: string): string {
  return `${count} ${count === 1 ? one : several}`;
}

/** The market rate and live reach panel under the new-shift form's rate. */
export const marketRateTexts = {
  heading: 'Market rate and reach',
  /** While the fields it needs are not all filled in (or one is not valid yet). */
  needsFields:
    'Choose the position, a date, the start and end time, the rate and the location to see what shifts like this filled at nearby and how many professionals it reaches.',
  loading: 'Looking up the market rate nearby…',
  /** While an answer for changed fields is on its way, the previous one stays on screen. */
  updating: 'Updating…',
  failed: 'Could not look up the market rate nearby. Please try again.',
  /** 'Hygienist shifts on weekdays within 15 miles filled at $48.00–$55.00/hr in the last 90 days (31 shifts, 9 practices).' */
  band(band: MarketBandDto): string {
    return `${band.position} shifts ${dayTypeTexts[band.dayType]} within ${band.radiusMiles} miles filled at ${formatMoney(band.p25Cents)}–${formatHourlyRate(band.p75Cents)} in the last ${band.windowDays} days (${plural(band.shifts, 'shift', 'shifts')}, ${plural(band.practices, 'practice', 'practices')}).`;
  },
  /** 'Middle of the market: $51.00/hr.' */
  middle: (band: MarketBandDto) => `Middle of the market: ${formatHourlyRate(band.p50Cents)}.`,
  noBand: `Not enough history nearby to show a market rate yet: it takes at least ${MARKET_BAND_MIN_SHIFTS} shifts filled in the last ${MARKET_BAND_WINDOW_DAYS} days within ${MARKET_BAND_RADIUS_MILES} miles, by at least ${MARKET_BAND_MIN_PRACTICES} other practices, none with more than ${MARKET_BAND_MAX_PRACTICE_SHARE * 100}% of them.`,
  /** 'At $50.00/hr it reaches 23 verified professionals · at $48.00/hr, 20 · at $55.00/hr, 41.' */
  reach(reach: ShiftPreviewDto['reach'], hasRequirements: boolean): string {
    const asked = reach.find((entry) => entry.asked);
    if (!asked) return '';
    const who = hasRequirements ? ' who hold its requirements' : '';
    const first = `At ${formatHourlyRate(asked.rateCents)} it reaches ${plural(asked.reach, 'verified professional', 'verified professionals')}${who}`;
    const others = reach
      .filter((entry) => !entry.asked)
      .map((entry) => `at ${formatHourlyRate(entry.rateCents)}, ${entry.reach}`);
    return `${[first, ...others].join(' · ')}.`;
  },
  /** Several dates chosen: the figures are the first one's. */
  firstDate: (date: string) => `Counted for the first date chosen, ${date}.`,
} as const;
