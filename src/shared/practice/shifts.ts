import { z } from 'zod';
import { bookingModes, DEFAULT_BOOKING_MODE } from '../marketplace/booking-constants';
import { shiftRateField } from '../hourly-rate-bounds';
import { DEFAULT_PAY_THROUGH, payThroughOptions } from '../money/pay-terms-constants';
import { multiLineText } from '../validation/fields';
import { postingChoiceFields, postingChoices } from '../trust/posting-choices';
import { requirementChoices } from '../trust/requirements-constants';
import { requirementFields } from '../trust/requirements';
import { isCalendarDate } from './shift-dates';
import {
  breakTimeOptions,
  MAX_SHIFT_RANGE_DAYS,
  shiftMessages,
  shiftPositions,
  timePerPatientOptions,
  usesTimePerPatient,
  type ShiftPosition,
} from './shift-constants';

export * from './shift-constants';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A new staffing request: one shift per date. Checked in the spec's order; the first failing
 * rule is the one message returned (each is shown as one alert). Past dates and the allowed
 * date range depend on the current time and are checked by the server (and the form).
 */
export const newShiftSchema = z
  .object({
    position: z.string().default(''),
    dates: z.array(z.string()).max(93).default([]),
    startTime: z.string().default(''),
    endTime: z.string().default(''),
    rate: z.union([z.string(), z.number()]).default(''),
    locationId: z.string().default(''),
    breakMinutes: z.coerce.number().default(30),
    timePerPatient: z.union([z.coerce.number(), z.null()]).default(30),
    notes: multiLineText({ max: 2000, tooLong: 'Notes can be at most 2000 characters' }).default(
      '',
    ),
    bookingMode: z
      .enum(bookingModes, { error: 'Please choose how the shift is booked' })
      .default(DEFAULT_BOOKING_MODE),
    payThrough: z
      .enum(payThroughOptions, { error: 'Please choose who pays the professional' })
      .default(DEFAULT_PAY_THROUGH),
    ...postingChoiceFields,
    ...requirementFields,
  })
  .transform((input, ctx) => {
    const fail = (message: string, path: string) => {
      ctx.addIssue({ code: 'custom', message, path: [path] });
      return z.NEVER;
    };
    if (!(shiftPositions as readonly string[]).includes(input.position)) {
      return fail(shiftMessages.selectPosition, 'position');
    }
    const dates = [...new Set(input.dates)].sort();
    if (dates.length === 0) return fail(shiftMessages.selectDate, 'dates');
    if (dates.some((d) => !DATE.test(d) || !isCalendarDate(d))) {
      return fail(shiftMessages.selectDate, 'dates');
    }
    if (!TIME.test(input.startTime) || !TIME.test(input.endTime)) {
      return fail(shiftMessages.selectTimes, 'startTime');
    }
    const position = input.position as ShiftPosition;
    const rate = shiftRateField(position, shiftMessages.enterRate).safeParse(input.rate);
    if (!rate.success) return fail(rate.error.issues[0]!.message, 'rate');
    if (!z.uuid().safeParse(input.locationId).success) {
      return fail(shiftMessages.selectLocation, 'locationId');
    }
    if (input.endTime <= input.startTime) return fail(shiftMessages.endAfterStart, 'endTime');
    if (!breakTimeOptions.some((o) => o.value === input.breakMinutes)) {
      return fail('Please choose a break time of 0, 30 or 60 minutes', 'breakMinutes');
    }
    let timePerPatient: number | null = null;
    if (usesTimePerPatient(position)) {
      if (!(timePerPatientOptions as readonly unknown[]).includes(input.timePerPatient)) {
        return fail('Please choose a time per patient of 30, 45 or 60 minutes', 'timePerPatient');
      }
      timePerPatient = input.timePerPatient;
    }
    return {
      position,
      dates,
      startTime: input.startTime,
      endTime: input.endTime,
      rateCents: rate.data as number,
      locationId: input.locationId,
      breakMinutes: input.breakMinutes,
      timePerPatient,
      notes: input.notes.trim(),
      bookingMode: input.bookingMode,
      payThrough: input.payThrough,
      ...postingChoices(input, dates.length, fail),
      ...requirementChoices(input, position, fail),
    };
  });

export type NewShiftInput = z.input<typeof newShiftSchema>;
export type NewShift = z.output<typeof newShiftSchema>;

/** The inline edit's fields with `rate` as the rate field. */
function shiftUpdateObject<Rate extends z.ZodType>(rate: Rate) {
  return z
    .object({
      startTime: z.string().regex(TIME, shiftMessages.selectTimes),
      endTime: z.string().regex(TIME, shiftMessages.selectTimes),
      rate,
    })
    .refine((v) => v.endTime > v.startTime, {
      message: shiftMessages.endAfterStart,
      path: ['endTime'],
    });
}

/**
 * Inline edit of one shift as the server receives it: its start and end time (same date) and its
 * rate as typed, in dollars, which the server reads with the stored shift's position
 * (`shiftUpdateSchemaFor`), so every refused rate is told that position's bounds.
 */
export const shiftUpdateSchema = shiftUpdateObject(
  z.union([z.string(), z.number()], { error: shiftMessages.enterRate }),
);

export type ShiftUpdateInput = z.input<typeof shiftUpdateSchema>;

/**
 * The inline edit of a shift of `position`: its rate within the position's bounds too (the
 * server checks them against the stored shift's position).
 */
export function shiftUpdateSchemaFor(position: ShiftPosition) {
  return shiftUpdateObject(shiftRateField(position, shiftMessages.enterRate));
}

/** `?from=&to=` of the shift list (ISO instants): shifts starting in [from, to). */
export const shiftRangeSchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: shiftMessages.invalidRange }),
    to: z.iso.datetime({ offset: true, error: shiftMessages.invalidRange }),
  })
  .transform((range) => ({ from: new Date(range.from), to: new Date(range.to) }))
  .refine(
    ({ from, to }) =>
      from < to && to.getTime() - from.getTime() <= MAX_SHIFT_RANGE_DAYS * 24 * 60 * 60 * 1000,
    shiftMessages.invalidRange,
  );

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const OFFSET = /^\d+$/;
/** No practice has this many shifts in a month: a larger offset is past the end all the same. */
const MAX_OFFSET = 1_000_000_000;

const monthField = z
  .string({ error: shiftMessages.invalidMonth })
  .regex(MONTH, shiftMessages.invalidMonth)
  .refine((month) => month >= '1970-01' && month <= '9998-12', shiftMessages.invalidMonth);

const positionField = z.enum(shiftPositions, { error: shiftMessages.invalidPosition });

/** `?position=` of the month list: one of the three positions, or left out for all. */
export const shiftMonthsQuerySchema = z.object({ position: positionField.optional() });

/**
 * `?month=yyyy-MM[&position=][&offset=]` of the shift list: one page of the month's shifts
 * (practice time), of one position when given, skipping `offset` of them (whole shifts, 0 when
 * left out; past the month's total gives an empty page).
 */
export const shiftPageQuerySchema = z.object({
  month: monthField,
  position: positionField.optional(),
  offset: z
    .string({ error: shiftMessages.invalidOffset })
    .regex(OFFSET, shiftMessages.invalidOffset)
    .transform((digits) => Math.min(Number(digits), MAX_OFFSET))
    .optional()
    .transform((offset) => offset ?? 0),
});

export type ShiftPageQuery = z.output<typeof shiftPageQuerySchema>;

/**
 * The query of GET /api/practice/shifts, one of three forms: `?month=yyyy-MM[&position=][&offset=]`
 * (one page of a month), `?from=&to=` (shifts starting in that range) or nothing (the current
 * month and later). A month never comes with a range; position and offset only page a month.
 */
export const shiftListQuerySchema = z
  .object({
    month: z.string().optional(),
    position: z.string().optional(),
    offset: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .transform((query, ctx) => {
    const { month, position, offset, from, to } = query;
    const paged = month !== undefined || position !== undefined || offset !== undefined;
    const ranged = from !== undefined || to !== undefined;
    const refuse = (message: string, path: string[] = []) => {
      ctx.addIssue({ code: 'custom', message, path });
      return z.NEVER;
    };
    if (paged && ranged) return refuse(shiftMessages.monthOrRange);
    if (paged) {
      if (month === undefined) return refuse(shiftMessages.monthNeeded, ['month']);
      const page = shiftPageQuerySchema.safeParse({ month, position, offset });
      if (!page.success)
        return refuse(page.error.issues[0]!.message, page.error.issues[0]!.path.map(String));
      return { page: page.data, range: null };
    }
    if (ranged) {
      const range = shiftRangeSchema.safeParse({ from, to });
      if (!range.success)
        return refuse(range.error.issues[0]!.message, range.error.issues[0]!.path.map(String));
      return { page: null, range: range.data };
    }
    return { page: null, range: null };
  });
