import { MAX_DAILY_ALERT_CAP, MIN_DAILY_ALERT_CAP } from './alert-cap-constants';

/** The words of the daily cap on shift alerts: the Settings card and the API's refusals. */
export const alertCapTexts = {
  title: 'Shift alerts',
  /** The card's first line while the settings load. */
  lead: 'How many shift alerts we send you a day at most.',
  /** The card's first line, with the professional's own cap. */
  intro: (cap: number) =>
    `We send you at most ${cap} shift ${cap === 1 ? 'alert' : 'alerts'} a day (new matching shifts, shifts open again, urgent shifts).`,
  /** How many were sent today (the New Jersey day) of the cap. */
  today: (sent: number, cap: number) => `Today: ${sent} of ${cap}.`,
  capLabel: 'Shift alerts a day at most',
  capHint:
    'When today’s alerts are all sent, we send no more until tomorrow. Find Shifts still lists every shift that fits you.',
  capOption: (cap: number) => `${cap} a day`,
  loading: 'Loading your shift alert setting…',
  loadFailed: 'Failed to load your shift alert setting. Please try again.',
  capOutOfRange: `Choose a whole number of shift alerts a day from ${MIN_DAILY_ALERT_CAP} to ${MAX_DAILY_ALERT_CAP}`,
  saved: 'Saved!',
  error: 'Error',
} as const;
