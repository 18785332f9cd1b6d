import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { shiftPositions } from '../practice/shift-constants';
import { timesheetApprovers, timesheetStatuses, timesheetSubmitters } from './attendance-constants';
import { bookingStatuses } from './booking-constants';

/** The answers about attendance and timesheets, as zod schemas; types inferred. */

export const timesheetReply = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    shiftId: z.string(),
    practiceName: z.string(),
    professionalName: z.string(),
    position: z.enum(shiftPositions),
    /** The scheduled times of the shift. */
    scheduledStart: isoInstant,
    scheduledEnd: isoInstant,
    startedAt: isoInstant,
    endedAt: isoInstant,
    breakMinutes: z.number().int(),
    workedMinutes: z.number().int(),
    rateCents: z.number().int(),
    /** Worked minutes at the shift's rate, in cents. */
    amountCents: z.number().int(),
    status: z.enum(timesheetStatuses),
    submittedBy: z.enum(timesheetSubmitters),
    submittedAt: isoInstant,
    /** When it is approved by itself if the practice does nothing (while submitted). */
    approvesAt: isoInstant.nullable(),
    approvedAt: isoInstant.nullable(),
    approvedBy: z.enum(timesheetApprovers).nullable(),
    disputeReason: z.string(),
    disputedAt: isoInstant.nullable(),
    resolutionNote: z.string(),
    resolvedAt: isoInstant.nullable(),
    /**
     * The practice may still report a no-show: ChairFill wrote this timesheet with the scheduled
     * hours, it is undecided, and nobody checked in (POST /api/practice/bookings/{id}/no-show).
     */
    canReportNoShow: z.boolean(),
  })
  .meta({ id: 'Timesheet' });

/** Where a booking stands on the day: checked in or not, and its timesheet. */
export const bookingAttendanceReply = z
  .object({
    bookingId: z.string(),
    bookingStatus: z.enum(bookingStatuses),
    /** The scheduled shift: what check-out proposes. */
    shiftStart: isoInstant,
    shiftEnd: isoInstant,
    scheduledBreakMinutes: z.number().int(),
    checkedInAt: isoInstant.nullable(),
    /** From this moment the professional may check in (30 minutes before the start). */
    checkInOpensAt: isoInstant,
    /** Checked in, no timesheet yet: the professional may check out. */
    canCheckOut: z.boolean(),
    /** Confirmed, not checked in, the check-in window open and the shift not ended. */
    canCheckIn: z.boolean(),
    timesheet: timesheetReply.nullable(),
  })
  .meta({ id: 'BookingAttendance' });

/** One of the practice's shifts today, with the code its professional checks in with. */
export const checkInCodeReply = z
  .object({
    bookingId: z.string(),
    shiftId: z.string(),
    professionalName: z.string(),
    position: z.enum(shiftPositions),
    startTime: isoInstant,
    endTime: isoInstant,
    locationName: z.string(),
    code: z.string(),
    checkedInAt: isoInstant.nullable(),
    /** Nobody checked in 30 minutes after the start and no timesheet: a no-show may be reported. */
    canReportNoShow: z.boolean(),
  })
  .meta({ id: 'CheckInCode' });

export type TimesheetDto = z.infer<typeof timesheetReply>;
export type BookingAttendanceDto = z.infer<typeof bookingAttendanceReply>;
export type CheckInCodeDto = z.infer<typeof checkInCodeReply>;
