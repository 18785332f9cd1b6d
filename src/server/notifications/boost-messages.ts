import type { BoostKind } from '@shared/fill/boost-constants';
import { boostDistanceLine, findShiftsDistanceFor } from '@shared/fill/boost-texts';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { distanceFilterChoices } from '@shared/matching/shift-board-constants';
import type { NotificationMessage } from './deliver-notifications';
import { composeNotice, professionalSections, shiftDetails } from './marketplace-messages';
import { hourlyRate, shiftDay, shiftHours } from './shift-wording';

/** One professional a boost tells, with the distance their notice states. */
export interface BoostNoticeRecipient {
  userId: string;
  /** Miles from their home to the shift, to the tenth; null without a home. */
  miles: number | null;
  travelDistanceMiles: number | null;
}

/** A practice boosted an open shift (decision record 052): its chosen professionals are told. */
export interface BoostEvent {
  kind: 'boost';
  boost: BoostKind;
  recipients: BoostNoticeRecipient[];
  shift: ShiftSummaryDto;
  /** The boost's id: a second delivery of the notice tells nobody twice. */
  dedupeKey: string;
}

/** Find Shifts, widened so a shift beyond the professional's travel distance is listed. */
function findShiftsLink(portalPath: string, recipient: BoostNoticeRecipient): string {
  const miles = findShiftsDistanceFor(
    recipient.miles,
    recipient.travelDistanceMiles,
    distanceFilterChoices,
  );
  const base = professionalSections.findShifts(portalPath);
  return miles === undefined ? base : `${base}?maxDistance=${miles}`;
}

/**
 * The notices of a boost, one per professional told, each saying plainly how far the shift is
 * and, when it lies beyond their travel distance, that it does. An urgent shift is the kind
 * `urgent_shift`, texted and pushed where the professional allows it and e-mailed only to those
 * who allow neither; the others are `new_matching_shifts`. Both are shift alerts (daily cap).
 */
export function boostNoticeMessages(event: BoostEvent, publicUrl: string): NotificationMessage[] {
  const { shift } = event;
  const what = `${shift.position} shift on ${shiftDay(shift.startTime)}`;
  const terms = `${shiftHours(shift.startTime, shift.endTime)} at ${hourlyRate(shift.rateCents)}`;
  const details = shiftDetails(shift);
  return event.recipients.map((told) => {
    const distance =
      told.miles === null ? '' : ` ${boostDistanceLine(told.miles, told.travelDistanceMiles)}`;
    const texts =
      event.boost === 'urgent'
        ? {
            title: `Urgent: ${what} at ${shift.practiceName}`,
            body: `${shift.practiceName} urgently needs a ${shift.position}: ${shiftDay(shift.startTime)}, ${terms}.${distance} Book or apply in Find Shifts.`,
          }
        : event.boost === 'rate'
          ? {
              title: `A ${what} now pays ${hourlyRate(shift.rateCents)}`,
              body: `${shift.practiceName} raised the rate of its ${what} to ${hourlyRate(shift.rateCents)}, which meets your minimum rate. It is ${terms}.${distance} Book or apply in Find Shifts.`,
            }
          : {
              title: `${shift.practiceName} asks you to look at a ${what}`,
              body: `${shift.practiceName} is looking for a ${shift.position}: ${shiftDay(shift.startTime)}, ${terms}.${distance} Book or apply in Find Shifts.`,
            };
    return {
      userId: told.userId,
      kind: event.boost === 'urgent' ? 'urgent_shift' : 'new_matching_shifts',
      dedupeKey: `${event.dedupeKey}:${told.userId}`,
      ...(event.boost === 'urgent' ? { email: 'unless_texted_or_pushed' as const } : {}),
      compose: (recipient) =>
        composeNotice(recipient, publicUrl, {
          ...texts,
          linkPath: findShiftsLink(recipient.portalPath, told),
          actionLabel: 'Find shifts',
          details,
        }),
    } satisfies NotificationMessage;
  });
}
