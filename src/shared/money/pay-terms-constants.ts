import { amountForMinutes } from '../marketplace/attendance-constants';
import { formatHourlyRate, formatMoney } from '../money-format';

/**
 * The constants, texts and helpers of pay-terms.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). pay-terms.ts re-exports them.
 */
export const payThroughOptions = ['chairfill', 'practice_payroll'] as const;

export type PayThrough = (typeof payThroughOptions)[number];

export const DEFAULT_PAY_THROUGH: PayThrough = 'chairfill';

export const payThroughLabels: Record<PayThrough, string> = {
  chairfill: 'Through ChairFill',
  practice_payroll: 'Practice payroll (W-2)',
};

export const payThroughHelp: Record<PayThrough, string> = {
  chairfill: 'ChairFill charges your linked bank for the approved hours and pays the professional.',
  practice_payroll:
    'You pay the professional as your employee through your payroll. ChairFill keeps the timesheet and charges only its fee.',
};

/** A booked shift cancelled by the practice less than this long before its start is late. */
export const LATE_CANCEL_WINDOW_HOURS = 24;

export const DEFAULT_FEE_BASIS_POINTS = 1500;

export const DEFAULT_LATE_CANCEL_MINUTES = 4 * 60;

/**
 * The two settings as written in the environment: PLATFORM_FEE_PERCENT ('15', '12.5': 0 to 50,
 * at most two decimals) as basis points, LATE_CANCEL_HOURS ('4': 0 to 12, at most two decimals)
 * as minutes. Unset is the default; anything else is null (the server refuses to start, the
 * build stops). Read by the server's configuration and by the build for the public pricing page.
 */
export function feeBasisPointsSetting(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_FEE_BASIS_POINTS;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || Number(text) > 50) return null;
  return Math.round(Number(text) * 100);
}

export function lateCancelMinutesSetting(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_LATE_CANCEL_MINUTES;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || Number(text) > 12) return null;
  return Math.round(Number(text) * 60);
}

/** 1500 -> '15%', 1250 -> '12.5%'. */
export function formatFeePercent(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

/** ChairFill's fee on an amount, rounded to the nearest cent (half up). */
export function feeFor(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

/** The pay, fee and total of an amount owed for a shift under its pay terms. */
export function priceCharge(input: {
  minutes: number;
  rateCents: number;
  payThrough: PayThrough;
  feeBasisPoints: number;
}) {
  const shiftAmountCents = amountForMinutes(input.minutes, input.rateCents);
  const payoutAmountCents = input.payThrough === 'chairfill' ? shiftAmountCents : 0;
  const feeCents = feeFor(shiftAmountCents, input.feeBasisPoints);
  return {
    shiftAmountCents,
    payoutAmountCents,
    feeCents,
    totalCents: payoutAmountCents + feeCents,
  };
}

/**
 * What cancelling a booked shift at `now` costs the practice: null when the start is at least 24
 * real hours away (measured in elapsed time, so a change to or from daylight saving time neither
 * adds nor removes an hour), else the late-cancellation minutes (the setting, at most the shift's
 * length) priced at the shift's rate and terms.
 */
export function lateCancellationFor(
  shift: {
    startsAt: Date;
    endsAt: Date;
    rateCents: number;
    payThrough: PayThrough;
    feeBasisPoints: number;
  },
  lateCancelMinutes: number,
  now: Date,
) {
  const untilStartMs = shift.startsAt.getTime() - now.getTime();
  if (untilStartMs >= LATE_CANCEL_WINDOW_HOURS * 3_600_000 || lateCancelMinutes <= 0) return null;
  const shiftMinutes = Math.floor((shift.endsAt.getTime() - shift.startsAt.getTime()) / 60_000);
  const minutes = Math.min(lateCancelMinutes, shiftMinutes);
  return { minutes, ...priceCharge({ ...shift, minutes }) };
}

/** Whole hours when whole ('4 hours'), else hours and minutes ('2 h 30 min'). */
function hoursText(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export const payTermsTexts = {
  payThroughLegend: 'Who pays the professional',
  feeNote: (basisPoints: number) =>
    `ChairFill’s fee is ${formatFeePercent(basisPoints)} of the shift amount.`,
  practicePolicy: (terms: { lateCancelMinutes: number }) =>
    `Cancelling a booked shift less than 24 hours before it starts costs a late-cancellation amount of ${hoursText(terms.lateCancelMinutes)} at the shift’s rate, paid to the professional.`,
  professionalPolicy:
    'Cancelling less than 24 hours before a shift starts counts against your reliability.',
  /** Before booking or applying: who pays them, and the cancellation policy. */
  professionalTerms: (payThrough: PayThrough) =>
    `${payThrough === 'chairfill' ? 'ChairFill pays you once the practice approves your hours.' : 'The practice pays you as its employee through its payroll (W-2).'} Cancelling less than 24 hours before a shift starts counts against your reliability.`,
  practiceLateCancel: (input: {
    minutes: number;
    rateCents: number;
    totalCents: number;
    feeCents: number;
  }) =>
    `This shift starts in less than 24 hours. Cancelling now charges a late-cancellation amount of ${hoursText(input.minutes)} at ${formatHourlyRate(input.rateCents)}: ${formatMoney(input.totalCents)} including ChairFill’s fee of ${formatMoney(input.feeCents)}.`,
  professionalLateCancel:
    'This shift starts in less than 24 hours. Cancelling now counts against your reliability.',
} as const;
