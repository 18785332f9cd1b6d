import { z } from 'zod';
import {
  bookingModes,
  DEFAULT_BOOKING_MODE,
  type BookingMode,
  type PracticeBookingDto,
} from '../marketplace/bookings';
import { hourlyAmountField } from '../money';
import { isCalendarDate } from './shift-dates';

export const shiftPositions = ['Hygienist', 'Dental Assistant', 'Front Desk'] as const;
export type ShiftPosition = (typeof shiftPositions)[number];

/** Position tabs of the dashboard and the requests list ('all' shows every position). */
export const positionTabs = [
  { value: 'all', label: 'All Positions' },
  { value: 'Hygienist', label: 'Hygienists' },
  { value: 'Dental Assistant', label: 'Dental Assistants' },
  { value: 'Front Desk', label: 'Front Desk' },
] as const;

export const shiftStatuses = ['open', 'filled', 'completed', 'cancelled'] as const;
export type ShiftStatus = (typeof shiftStatuses)[number];

export const breakTimeOptions = [
  { value: 0, label: 'No Break' },
  { value: 30, label: '30 minutes' },
  { value: 60, label: '60 minutes' },
] as const;
export const DEFAULT_BREAK_MINUTES = 30;

export const timePerPatientOptions = [30, 45, 60] as const;
export const DEFAULT_TIME_PER_PATIENT = 30;

export function usesTimePerPatient(position: string): boolean {
  return position === 'Hygienist' || position === 'Dental Assistant';
}

export const shiftMessages = {
  selectPosition: 'Please select a position',
  selectDate: 'Please select at least one date',
  selectTimes: 'Please select both start and end times',
  enterRate: 'Please enter an hourly rate',
  selectLocation: 'Please select a location',
  endAfterStart: 'End time must be after start time',
  pastDate: 'Cannot create shifts for past dates',
  dateOutOfRange: 'Shifts can be posted from today through the end of the month after next',
  created: 'Shifts created successfully!',
  createFailed: 'Failed to add shift. Please try again.',
  updated: 'Shift updated successfully',
  updateFailed: 'Failed to update shift',
  cancelled: 'Shift cancelled successfully',
  cancelFailed: 'Failed to cancel shift',
  notEditable: 'Only open shifts can be changed',
  notFound: 'Shift not found',
  notCancellable: 'Only open or filled shifts can be cancelled',
  timeSkipped:
    'That time does not exist on the selected date (clocks move forward for daylight saving time)',
  invalidRange: 'Please give a valid range: from before to, at most 400 days apart',
  noLocations: 'No locations found. Please add a location in the Locations tab first.',
  noShifts: 'No shifts found for any position',
  noShiftsThisMonth: 'No shifts found for any position this month',
} as const;

/** 'No shifts found for Hygienist' / '... this month' for one position. */
export function noShiftsMessage(position: ShiftPosition | 'all', thisMonth: boolean): string {
  const base =
    position === 'all' ? 'No shifts found for any position' : `No shifts found for ${position}`;
  return thisMonth ? `${base} this month` : base;
}

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
    notes: z.string().max(2000, 'Notes can be at most 2000 characters').default(''),
    bookingMode: z
      .enum(bookingModes, { error: 'Please choose how the shift is booked' })
      .default(DEFAULT_BOOKING_MODE),
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
    const rate = hourlyAmountField(shiftMessages.enterRate).safeParse(input.rate);
    if (!rate.success) return fail(rate.error.issues[0]!.message, 'rate');
    if (!z.uuid().safeParse(input.locationId).success) {
      return fail(shiftMessages.selectLocation, 'locationId');
    }
    if (input.endTime <= input.startTime) return fail(shiftMessages.endAfterStart, 'endTime');
    if (!breakTimeOptions.some((o) => o.value === input.breakMinutes)) {
      return fail('Please choose a break time of 0, 30 or 60 minutes', 'breakMinutes');
    }
    const position = input.position as ShiftPosition;
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
    };
  });

export type NewShiftInput = z.input<typeof newShiftSchema>;
export type NewShift = z.output<typeof newShiftSchema>;

/** Inline edit of one shift: its start and end time (same date) and its rate. */
export const shiftUpdateSchema = z
  .object({
    startTime: z.string().regex(TIME, shiftMessages.selectTimes),
    endTime: z.string().regex(TIME, shiftMessages.selectTimes),
    rate: hourlyAmountField(shiftMessages.enterRate),
  })
  .refine((v) => v.endTime > v.startTime, {
    message: shiftMessages.endAfterStart,
    path: ['endTime'],
  });

export type ShiftUpdateInput = z.input<typeof shiftUpdateSchema>;

/** A shift as the API returns it. Times are ISO instants; rates in cents. */
export interface ShiftDto {
  id: string;
  practiceId: string;
  practiceName: string;
  position: ShiftPosition;
  startTime: string;
  endTime: string;
  rateCents: number;
  notes: string;
  status: ShiftStatus;
  createdAt: string;
  timePerPatient: number | null;
  breakTime: number;
  location: { id: string | null; name: string; address: string };
  /** Open future shifts in the practice's list: verified professionals it fits now. */
  reach?: number;
  bookingMode: BookingMode;
  /** Pending applications (review mode). */
  applicantCount: number;
  /** Who is booked (confirmed or completed), null when nobody is. */
  booking: PracticeBookingDto | null;
  /** Why the practice cancelled, when it did. */
  cancelReason: string;
}

export const MAX_SHIFT_RANGE_DAYS = 400;

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
