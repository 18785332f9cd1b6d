import { eq, sql } from 'drizzle-orm';
import { formatDuration } from '@shared/date-format';
import { formatMoney } from '@shared/money-format';
import { moneyPaths } from '@shared/money/money-texts';
import { bookings, practices, professionals, shifts, timesheets } from '../../db/schema';
import { queueNotice, type QueuedNotice } from '../../notifications/notice-queue';
import {
  deliverNotifications,
  type NotificationMessage,
} from '../../notifications/deliver-notifications';
import { composeNotice } from '../../notifications/marketplace-messages';
import { shiftDay } from '../../notifications/shift-wording';
import type { Database } from '../../db/client';
import { sqlArray } from '../../db/sql-arrays';
import type { Tx } from '../marketplace/db-transaction';

const practiceTimesheetsPath = '/practice-portal/timesheets';

export type TimesheetNotice = 'submitted' | 'approved' | 'disputed' | 'resolved';

/**
 * Who hears of a timesheet, queued in the transaction that changed it and delivered after the
 * commit (notifications/notice-worker.ts): the practice when hours wait for
 * its approval; the professional when they are approved (by the practice, by themselves after
 * 48 hours, or by ChairFill's decision) or disputed; both sides of a decision. Once per change.
 */
export async function notifyTimesheet(tx: Tx, input: TimesheetNoticeEvent): Promise<void> {
  await queueNotice(tx, timesheetQueued(input));
}

/** A timesheet change as the notice queue takes it. */
export function timesheetQueued(event: TimesheetNoticeEvent): QueuedNotice {
  return { source: 'timesheet', event };
}

/** A change to a timesheet that its people hear of. */
export interface TimesheetNoticeEvent {
  timesheetId: string;
  notice: TimesheetNotice;
}

/** What a timesheet's notices say: the timesheet as it now reads, its shift and its people. */
export type TimesheetToTell =
  Awaited<ReturnType<typeof timesheetsToTell>> extends Map<string, infer Row> ? Row : never;

/**
 * The timesheets of `events` as they now read, with their shift and people, in one statement
 * (the notice worker reads a whole batch's at once), by timesheet id.
 */
export async function timesheetsToTell(db: Database, events: readonly TimesheetNoticeEvent[]) {
  const ids = [...new Set(events.map((event) => event.timesheetId))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            timesheet: timesheets,
            startsAt: shifts.startsAt,
            position: shifts.position,
            practiceName: practices.practiceName,
            practiceUserId: practices.userId,
            professionalUserId: professionals.userId,
            firstName: professionals.firstName,
            lastName: professionals.lastName,
          })
          .from(timesheets)
          .innerJoin(shifts, eq(shifts.id, timesheets.shiftId))
          .innerJoin(practices, eq(practices.id, timesheets.practiceId))
          .innerJoin(professionals, eq(professionals.id, timesheets.professionalId))
          .where(sql`${timesheets.id} = any(${sqlArray(ids, 'uuid')})`);
  return new Map(rows.map((row) => [row.timesheet.id, row]));
}

/** A timesheet change's notices (notifyTimesheet), from the timesheet as it now reads. */
export function timesheetNoticeMessages(
  publicUrl: string,
  input: TimesheetNoticeEvent,
  row: TimesheetToTell | undefined,
): NotificationMessage[] {
  if (!row) return [];
  const { timesheet } = row;
  const day = shiftDay(row.startsAt.toISOString());
  const hours = `${formatDuration(timesheet.workedMinutes)} (${formatMoney(timesheet.amountCents)})`;
  const who = `${row.firstName} ${row.lastName}`.trim();
  const key = `timesheet:${timesheet.id}:${input.notice}`;
  const toProfessional = (title: string, body: string): NotificationMessage => ({
    userId: row.professionalUserId,
    kind: 'timesheet_update',
    dedupeKey: `${key}:professional`,
    compose: (recipient) =>
      composeNotice(recipient, publicUrl, {
        title,
        body,
        linkPath: moneyPaths.professionalEarnings(recipient.portalPath),
        actionLabel: 'See your earnings',
      }),
  });
  const toPractice = (title: string, body: string): NotificationMessage => ({
    userId: row.practiceUserId,
    kind: 'timesheet_update',
    dedupeKey: `${key}:practice`,
    compose: (recipient) =>
      composeNotice(recipient, publicUrl, {
        title,
        body,
        linkPath: practiceTimesheetsPath,
        actionLabel: 'Open Timesheets',
      }),
  });
  const messages: NotificationMessage[] = [];
  switch (input.notice) {
    case 'submitted':
      messages.push(
        toPractice(
          `Timesheet to approve: ${who}, ${day}`,
          `${timesheet.submittedBy === 'scheduled' ? `No timesheet came from ${who}, so the scheduled hours were sent` : `${who} sent their hours`} for the ${row.position} shift on ${day}: ${hours}. Approve or dispute them within 48 hours; after that they are approved as sent.`,
        ),
      );
      break;
    case 'approved':
      messages.push(
        toProfessional(
          `Your hours for ${day} are approved`,
          `${row.practiceName} ${timesheet.approvedBy === 'auto' ? 'did not respond within 48 hours, so your hours were approved' : 'approved your hours'} for the shift on ${day}: ${hours}.`,
        ),
      );
      break;
    case 'disputed':
      messages.push(
        toProfessional(
          `${row.practiceName} disputed your hours for ${day}`,
          `${row.practiceName} disputed your timesheet for the shift on ${day}: ${timesheet.disputeReason} ChairFill will review it and decide.`,
        ),
      );
      break;
    case 'resolved':
      for (const message of [
        toProfessional(
          `The dispute about ${day} is decided`,
          `ChairFill decided the hours for the shift on ${day} at ${row.practiceName}: ${hours}. ${timesheet.resolutionNote}`,
        ),
        toPractice(
          `The dispute about ${day} is decided`,
          `ChairFill decided the hours of ${who} for the shift on ${day}: ${hours}. ${timesheet.resolutionNote}`,
        ),
      ])
        messages.push(message);
      break;
  }
  return messages;
}

/** The practice reported that nobody came: the professional is told it counts against them. */
export async function notifyNoShow(tx: Tx, publicUrl: string, bookingId: string): Promise<void> {
  const [row] = await tx
    .select({
      startsAt: shifts.startsAt,
      practiceName: practices.practiceName,
      professionalUserId: professionals.userId,
    })
    .from(bookings)
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .innerJoin(practices, eq(practices.id, bookings.practiceId))
    .innerJoin(professionals, eq(professionals.id, bookings.professionalId))
    .where(eq(bookings.id, bookingId));
  if (!row) return;
  const day = shiftDay(row.startsAt.toISOString());
  await deliverNotifications(tx, [
    {
      userId: row.professionalUserId,
      kind: 'booking_cancelled',
      dedupeKey: `no-show:${bookingId}`,
      compose: (recipient) =>
        composeNotice(recipient, publicUrl, {
          title: `${row.practiceName} reported a no-show for ${day}`,
          body: `${row.practiceName} reported that you did not come to the shift on ${day}. Nothing is paid for it, and it counts against your reliability. If you were there, reply to this e-mail.`,
          linkPath: `${recipient.portalPath}/schedule`,
          actionLabel: 'Open your schedule',
        }),
    },
  ]);
}
