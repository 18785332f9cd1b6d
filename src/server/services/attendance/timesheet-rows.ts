import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { APPROVAL_WINDOW_HOURS } from '@shared/marketplace/attendance';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { builtOnce } from '../../db/built-once';
import { bookings, practices, professionals, shifts, timesheets } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import { professionalName } from '../marketplace/marketplace-actors';
import type { ServiceContext } from '../context';
import { noShowMayBeReported, timesheetAllowsNoShow } from './no-show-rules';

type Reader = ServiceContext['db'] | Tx;

const timesheetColumns = {
  timesheet: timesheets,
  practiceName: practices.practiceName,
  position: shifts.position,
  scheduledStart: shifts.startsAt,
  scheduledEnd: shifts.endsAt,
  firstName: professionals.firstName,
  lastName: professionals.lastName,
  email: professionals.email,
  bookingStatus: bookings.status,
  checkedInAt: bookings.checkedInAt,
};

/** Timesheets with their shift, practice and professional (the columns the answers show). */
function selectTimesheets(db: Reader) {
  return db
    .select(timesheetColumns)
    .from(timesheets)
    .innerJoin(shifts, eq(shifts.id, timesheets.shiftId))
    .innerJoin(bookings, eq(bookings.id, timesheets.bookingId))
    .innerJoin(practices, eq(practices.id, timesheets.practiceId))
    .innerJoin(professionals, eq(professionals.id, timesheets.professionalId));
}

/** Timesheets with their shift, practice and professional, as the answers show them. */
export async function readTimesheets(
  db: Reader,
  where: SQL | undefined,
  options: { limit?: number; newestFirst?: boolean } = {},
): Promise<TimesheetDto[]> {
  const rows = await selectTimesheets(db)
    .where(where)
    .orderBy(options.newestFirst ? desc(timesheets.submittedAt) : asc(timesheets.submittedAt))
    .limit(options.limit ?? 500);
  return rows.map(toTimesheetDto);
}

/*
 * One timesheet by its id or by its booking's (one per booking), built once and named: every
 * attendance write answers with one, and the four-table join cost PostgreSQL more to plan than
 * to run (0.7-0.8 ms of planning for each check-in and approval under load on the large market,
 * issue 19); named, it is planned once per connection after five runs.
 */
const timesheetById = builtOnce(
  (db) => selectTimesheets(db).where(eq(timesheets.id, sql.placeholder('id'))),
  'timesheet_by_id',
);
const timesheetOfBooking = builtOnce(
  (db) => selectTimesheets(db).where(eq(timesheets.bookingId, sql.placeholder('bookingId'))),
  'timesheet_of_booking',
);

/** One timesheet as answered, read inside the transaction that changed it. */
export async function readTimesheet(db: Reader, id: string): Promise<TimesheetDto> {
  const [row] = await timesheetById(db, { id });
  if (!row) throw new Error(`timesheet ${id} vanished`);
  return toTimesheetDto(row);
}

/** The booking's timesheet as answered; null while there is none. */
export async function readTimesheetOfBooking(
  db: Reader,
  bookingId: string,
): Promise<TimesheetDto | null> {
  const [row] = await timesheetOfBooking(db, { bookingId });
  return row ? toTimesheetDto(row) : null;
}

function toTimesheetDto(row: {
  timesheet: typeof timesheets.$inferSelect;
  practiceName: string;
  position: TimesheetDto['position'];
  scheduledStart: Date;
  scheduledEnd: Date;
  firstName: string;
  lastName: string;
  email: string;
  bookingStatus: typeof bookings.$inferSelect.status;
  checkedInAt: Date | null;
}): TimesheetDto {
  const t = row.timesheet;
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    id: t.id,
    bookingId: t.bookingId,
    shiftId: t.shiftId,
    practiceName: row.practiceName,
    professionalName: professionalName(row),
    position: row.position,
    scheduledStart: row.scheduledStart.toISOString(),
    scheduledEnd: row.scheduledEnd.toISOString(),
    startedAt: t.startedAt.toISOString(),
    endedAt: t.endedAt.toISOString(),
    breakMinutes: t.breakMinutes,
    workedMinutes: t.workedMinutes,
    rateCents: t.rateCents,
    amountCents: t.amountCents,
    status: t.status,
    submittedBy: t.submittedBy,
    submittedAt: t.submittedAt.toISOString(),
    approvesAt:
      t.status === 'submitted'
        ? new Date(t.submittedAt.getTime() + APPROVAL_WINDOW_HOURS * 3_600_000).toISOString()
        : null,
    approvedAt: iso(t.approvedAt),
    approvedBy: t.approvedBy,
    disputeReason: t.disputeReason,
    disputedAt: iso(t.disputedAt),
    resolutionNote: t.resolutionNote,
    resolvedAt: iso(t.resolvedAt),
    // The rules reportNoShow applies, so the button shows only when they hold.
    canReportNoShow:
      timesheetAllowsNoShow(t) &&
      noShowMayBeReported(
        { status: row.bookingStatus, checkedInAt: row.checkedInAt },
        row.scheduledStart,
        false,
        new Date(),
      ),
  };
}
