import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import type { Database } from '../db/client';
import { queueNotice } from './notice-queue';
import type { NotificationMessage } from './deliver-notifications';
import {
  composeNotice,
  practiceSections,
  professionalSections,
  shiftDetails,
} from './marketplace-messages';
import { hourlyRate, shiftDay, shiftHours } from './shift-wording';

/**
 * What happens to a shift by itself or around the people on it, as data (like events.ts):
 * - shift_reopened: the booked professional cancelled (or was suspended); the applicants who
 *   were turned down only because it was filled may apply again → each of them;
 * - terms_changed: the practice changed the hours or rate of a shift with pending applications,
 *   which are withdrawn → each applicant, with the new terms;
 * - applications_expired: the shift started without being filled; its pending applications
 *   closed → each applicant;
 * - booking_suspended: the booked professional's account was suspended, so their booking is
 *   cancelled and the shift open again → the practice.
 */
export type ShiftLifecycleEvent =
  | { kind: 'shift_reopened'; professionalUserIds: string[]; shift: ShiftSummaryDto }
  | { kind: 'terms_changed'; professionalUserIds: string[]; shift: ShiftSummaryDto }
  | { kind: 'applications_expired'; professionalUserIds: string[]; shift: ShiftSummaryDto }
  | {
      kind: 'booking_suspended';
      practiceUserId: string;
      professionalName: string;
      shift: ShiftSummaryDto;
    };

function what(shift: ShiftSummaryDto): string {
  return `${shift.position} shift on ${shiftDay(shift.startTime)}`;
}

/** The notices of one event: who gets what. */
export function shiftLifecycleMessages(
  event: ShiftLifecycleEvent,
  publicUrl: string,
): NotificationMessage[] {
  const { shift } = event;
  const details = shiftDetails(shift);
  const named = `${shift.practiceName}'s ${what(shift)}`;
  switch (event.kind) {
    case 'shift_reopened':
      return event.professionalUserIds.map((userId) => ({
        userId,
        kind: 'applied_shift_update',
        compose: (recipient) =>
          composeNotice(recipient, publicUrl, {
            title: `The ${what(shift)} is open again`,
            body: `${named}, which you applied for, is open again: the professional booked on it cancelled. Apply again in Find Shifts if you can still work it.`,
            linkPath: professionalSections.findShifts(recipient.portalPath),
            actionLabel: 'Find shifts',
            details,
          }),
      }));
    case 'terms_changed':
      return event.professionalUserIds.map((userId) => ({
        userId,
        kind: 'applied_shift_update',
        compose: (recipient) =>
          composeNotice(recipient, publicUrl, {
            title: `The ${what(shift)} has changed`,
            body: `${shift.practiceName} changed the hours or rate of the ${what(shift)} you applied for, so your application was withdrawn. It is now ${shiftHours(shift.startTime, shift.endTime)} at ${hourlyRate(shift.rateCents)}. Apply again in Find Shifts if it still suits you.`,
            linkPath: professionalSections.findShifts(recipient.portalPath),
            actionLabel: 'Find shifts',
            details,
          }),
      }));
    case 'applications_expired':
      return event.professionalUserIds.map((userId) => ({
        userId,
        kind: 'application_declined',
        compose: (recipient) =>
          composeNotice(recipient, publicUrl, {
            title: `Your application for the ${what(shift)} has closed`,
            body: `${named} started before anyone was booked, so your application has closed. Find Shifts lists more shifts that fit you.`,
            linkPath: professionalSections.findShifts(recipient.portalPath),
            actionLabel: 'Find shifts',
            details,
          }),
      }));
    case 'booking_suspended':
      return [
        {
          userId: event.practiceUserId,
          kind: 'booking_cancelled',
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `${event.professionalName} can no longer work your ${what(shift)}`,
              body: `${event.professionalName}'s account has been suspended, so their booking is cancelled. The shift is open again for other professionals.`,
              linkPath: practiceSections.staffingRequests,
              actionLabel: 'Open Staffing Requests',
              details: [['Professional', event.professionalName], ...details],
            }),
        },
      ];
  }
}

/**
 * Records the event in the caller's transaction: queued, and its notices (bell entries and
 * e-mails) delivered after the commit by the notice worker (notice-worker.ts).
 */
export async function notifyShiftLifecycle(
  db: Database,
  event: ShiftLifecycleEvent,
): Promise<void> {
  await queueNotice(db, { source: 'shift-lifecycle', event });
}
