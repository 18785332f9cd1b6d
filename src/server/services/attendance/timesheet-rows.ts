import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { APPROVAL_WINDOW_HOURS } from '@shared/marketplace/attendance';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { practices, professionals, shifts, timesheets } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import { professionalName } from '../marketplace/marketplace-actors';
import type { ServiceContext } from '../context';

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
};

/** Timesheets with their shift, practice and professional, as the answers show them. */
export async function readTimesheets(
  db: Reader,
  where: SQL | undefined,
  options: { limit?: number; newestFirst?: boolean } = {},
): Promise<TimesheetDto[]> {
  const query = db
    .select(timesheetColumns)
    .from(timesheets)
    .innerJoin(shifts, eq(shifts.id, timesheets.shiftId))
    .innerJoin(practices, eq(practices.id, timesheets.practiceId))
    .innerJoin(professionals, eq(professionals.id, timesheets.professionalId))
    .where(where)
    .orderBy(options.newestFirst ? desc(timesheets.submittedAt) : asc(timesheets.submittedAt))
    .limit(options.limit ?? 500);
  const rows = await query;
  return rows.map(toTimesheetDto);
}

/** One timesheet as answered, read inside the transaction that changed it. */
export async function readTimesheet(db: Reader, id: string): Promise<TimesheetDto> {
  const [row] = await readTimesheets(db, eq(timesheets.id, id), { limit: 1 });
  if (!row) throw new Error(`timesheet ${id} vanished`);
  return row;
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
  };
}
