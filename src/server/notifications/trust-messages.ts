import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import type { Database } from '../db/client';
import { boostNoticeMessages, type BoostEvent } from './boost-messages';
import { queueNotice } from './notice-queue';
import type { NotificationMessage } from './deliver-notifications';
import {
  composeNotice,
  practiceSections,
  professionalSections,
  shiftDetails,
} from './marketplace-messages';
import { shiftDay } from './shift-wording';

/**
 * The notices of favourites, invitations and backfill (decision record 022), as data:
 * - favourites_first: a shift is offered to the practice's favourites first → each favourite;
 * - backfill: a booking was cancelled and the shift is open again, or its favourites-first
 *   time is over and it is open to everyone for the first time ('released': worded as a new
 *   shift, since it was never open to most of them) → its best matches (a job, keyed so that a
 *   second run tells nobody twice);
 * - invitation: the practice invites one professional → them;
 * - invitation_declined: they declined → the practice (an acceptance is a booking_confirmed);
 * - boost: the practice boosted an open shift (decision record 052) → the professionals it
 *   chose to tell (boost-messages.ts).
 */
export type TrustEvent =
  | {
      kind: 'favourites_first';
      professionalUserIds: string[];
      shift: ShiftSummaryDto;
      /** When everyone else sees it, as words ('Tue, Dec 1, 2026 at 3:00 PM'). */
      untilText: string;
    }
  | {
      kind: 'backfill';
      /** 'reopened' after a cancelled booking; 'released' when favourites first is over. */
      opened: 'reopened' | 'released';
      professionalUserIds: string[];
      shift: ShiftSummaryDto;
      dedupeKey: string;
    }
  | {
      kind: 'invitation';
      professionalUserId: string;
      shift: ShiftSummaryDto;
      message: string;
    }
  | {
      kind: 'invitation_declined';
      practiceUserId: string;
      professionalName: string;
      shift: ShiftSummaryDto;
    }
  | BoostEvent;

function what(shift: ShiftSummaryDto): string {
  return `${shift.position} shift on ${shiftDay(shift.startTime)}`;
}

export function trustMessages(event: TrustEvent, publicUrl: string): NotificationMessage[] {
  const { shift } = event;
  const details = shiftDetails(shift);
  switch (event.kind) {
    case 'boost':
      return boostNoticeMessages(event, publicUrl);
    case 'favourites_first':
      return event.professionalUserIds.map((userId) => ({
        userId,
        kind: 'new_matching_shifts',
        compose: (recipient) =>
          composeNotice(recipient, publicUrl, {
            title: `${shift.practiceName} offers you a shift first`,
            body: `${shift.practiceName} offers its favourites the ${what(shift)} before anyone else, until ${event.untilText}. Book or apply in Find Shifts.`,
            linkPath: professionalSections.findShifts(recipient.portalPath),
            actionLabel: 'Find shifts',
            details,
          }),
      }));
    case 'backfill':
      return event.professionalUserIds.map((userId) => ({
        userId,
        kind: 'new_matching_shifts',
        dedupeKey: `${event.dedupeKey}:${userId}`,
        compose: (recipient) =>
          composeNotice(recipient, publicUrl, {
            ...(event.opened === 'released'
              ? {
                  title: `A new ${shift.position} shift matches your profile`,
                  body: `${shift.practiceName} posted a ${what(shift)} that fits you, and it is now open to every professional. Book or apply in Find Shifts before someone else does.`,
                }
              : {
                  title: `A ${what(shift)} is open again`,
                  body: `${shift.practiceName}'s ${what(shift)} is open again after a cancellation, and it fits you. Book or apply in Find Shifts before someone else does.`,
                }),
            linkPath: professionalSections.findShifts(recipient.portalPath),
            actionLabel: 'Find shifts',
            details,
          }),
      }));
    case 'invitation':
      return [
        {
          userId: event.professionalUserId,
          kind: 'shift_invitation',
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `${shift.practiceName} invites you to a shift`,
              body: `${shift.practiceName} invites you to work its ${what(shift)}.${
                event.message ? ` “${event.message}”` : ''
              } Accept or decline on your dashboard.`,
              linkPath: recipient.portalPath,
              actionLabel: 'Open your dashboard',
              details,
            }),
        },
      ];
    case 'invitation_declined':
      return [
        {
          userId: event.practiceUserId,
          kind: 'shift_invitation',
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `${event.professionalName} declined your invitation`,
              body: `${event.professionalName} cannot work your ${what(shift)}. The shift is still open to others.`,
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
export async function notifyTrust(db: Database, event: TrustEvent): Promise<void> {
  await queueNotice(db, { source: 'trust', event });
}
