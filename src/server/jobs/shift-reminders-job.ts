import { inArray, sql } from 'drizzle-orm';
import { formatPracticeAndPlace } from '@shared/address-format';
import { queryRows } from '../db/client';
import { notifications } from '../db/schema';
import {
  deliverNotifications,
  uuidFromKey,
  type NotificationMessage,
} from '../notifications/deliver-notifications';
import {
  composeNotice,
  practiceSections,
  professionalSections,
  shiftDetails,
} from '../notifications/marketplace-messages';
import { shiftDay, shiftStartClock } from '../notifications/shift-wording';
import { lockedJob } from './job-lock';
import { shiftSummaryColumns, toShiftSummary, type ShiftSummaryRow } from './shift-row';

const REMINDER_WINDOW_HOURS = 24;

interface UpcomingBooking extends ShiftSummaryRow {
  booking_id: string;
  practice_user_id: string;
  professional_user_id: string;
  professional_name: string;
}

/** The key that makes each side's reminder of a booking happen once. */
export function reminderKey(bookingId: string, side: 'professional' | 'practice'): string {
  return `reminder:${bookingId}:${side}`;
}

/**
 * Every 15 minutes: a reminder (bell entry and e-mail) to the professional and the practice of
 * each confirmed booking whose shift starts within the next 24 hours, once per booking and side:
 * the bell entry's id and the e-mail's dedupe key come from 'reminder:<bookingId>:<side>', so a
 * second run inserts neither.
 */
export const shiftRemindersJob = lockedJob({
  name: 'shift-reminders',
  intervalMs: 15 * 60_000,
  async run(tx, ctx, now) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const upcoming = await queryRows<UpcomingBooking>(
      tx,
      sql`select b.id as booking_id, ${shiftSummaryColumns}, pr.user_id as practice_user_id,
            p.user_id as professional_user_id,
            trim(p.first_name || ' ' || p.last_name) as professional_name
          from bookings b
          join shifts s on s.id = b.shift_id
          join practices pr on pr.id = b.practice_id
          join professionals p on p.id = b.professional_id
          where b.status = 'confirmed'
            and s.starts_at > ${at}
            and s.starts_at <= ${at} + make_interval(hours => ${REMINDER_WINDOW_HOURS})`,
    );
    const candidates = upcoming.flatMap((row) => [
      { row, side: 'professional' as const, key: reminderKey(row.booking_id, 'professional') },
      { row, side: 'practice' as const, key: reminderKey(row.booking_id, 'practice') },
    ]);
    if (candidates.length === 0) return { reminders: 0, emails: 0 };
    const sent = new Set(
      (
        await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            inArray(
              notifications.id,
              candidates.map((candidate) => uuidFromKey(candidate.key)),
            ),
          )
      ).map((row) => row.id),
    );
    const messages: NotificationMessage[] = candidates
      .filter((candidate) => !sent.has(uuidFromKey(candidate.key)))
      .map(({ row, side, key }) => {
        const shift = toShiftSummary(row);
        // Worded as each is composed (deliverNotifications composes in slices): thousands of
        // reminders worded here at once held the server's thread.
        const when = () => `${shiftDay(shift.startTime)} at ${shiftStartClock(shift.startTime)}`;
        return side === 'professional'
          ? {
              userId: row.professional_user_id,
              kind: 'shift_reminder',
              dedupeKey: key,
              compose: (recipient) =>
                composeNotice(recipient, ctx.env.publicUrl, {
                  title: `Reminder: your ${shift.position} shift at ${shift.practiceName}, ${when()}`,
                  body: `You are booked at ${formatPracticeAndPlace(shift.location, shift.practiceName)}. If you cannot make it, cancel as early as you can so the practice can find someone else.`,
                  linkPath: professionalSections.schedule(recipient.portalPath),
                  actionLabel: 'Open your schedule',
                  details: shiftDetails(shift),
                }),
            }
          : {
              userId: row.practice_user_id,
              kind: 'shift_reminder',
              dedupeKey: key,
              compose: (recipient) =>
                composeNotice(recipient, ctx.env.publicUrl, {
                  title: `Reminder: ${row.professional_name} works your ${shift.position} shift ${when()}`,
                  body: `${row.professional_name} is booked for your ${shift.position} shift at ${shift.location.name || shift.practiceName}, ${when()}.`,
                  linkPath: practiceSections.schedule,
                  actionLabel: 'Open your schedule',
                  details: [['Professional', row.professional_name], ...shiftDetails(shift)],
                }),
            };
      });
    const delivered = await deliverNotifications(tx, messages);
    return { reminders: delivered.notifications, emails: delivered.emails };
  },
});
