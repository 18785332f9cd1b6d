import { contactDetails, formatShiftAddress } from '@shared/address-format';
import type { BookingContact } from '@shared/marketplace/booking-replies';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { reasonSentence } from '@shared/reason-text';
import { notificationEmail } from '../mail/templates/notification';
import type { MarketplaceEvent } from './events';
import {
  settingsPath,
  type ComposedNotification,
  type NotificationMessage,
  type Recipient,
} from './deliver-notifications';
import { hourlyRate, shiftDay, shiftHours } from './shift-wording';

/** Where each side looks after its shifts. */
export const practiceSections = {
  staffingRequests: '/practice-portal/staffing-requests',
  schedule: '/practice-portal/schedule',
} as const;

export const professionalSections = {
  schedule: (portalPath: string) => `${portalPath}/schedule`,
  findShifts: (portalPath: string) => `${portalPath}/find-shifts`,
} as const;

/** The shift's facts, as lines of an e-mail. */
export function shiftDetails(shift: ShiftSummaryDto): Array<[string, string]> {
  return [
    ['Position', shift.position],
    ['Date', shiftDay(shift.startTime)],
    ['Hours', shiftHours(shift.startTime, shift.endTime)],
    ['Practice', shift.practiceName],
    ['Location', formatShiftAddress(shift.location, shift.practiceName)],
    ['Rate', hourlyRate(shift.rateCents)],
  ];
}

/** Builds a bell entry and its e-mail from one set of texts. */
export function composeNotice(
  recipient: Recipient,
  publicUrl: string,
  input: {
    title: string;
    body: string;
    linkPath: string;
    actionLabel: string;
    paragraphs?: string[];
    details?: Array<[string, string]>;
    items?: string[];
    /** A bulk e-mail's signed unsubscribe link, shown in its footer. */
    unsubscribeUrl?: string;
  },
): ComposedNotification {
  return {
    title: input.title,
    body: input.body,
    linkPath: input.linkPath,
    linkUrl: `${publicUrl}${input.linkPath}`,
    email: notificationEmail({
      to: recipient.email,
      name: recipient.name,
      subject: input.title,
      paragraphs: input.paragraphs ?? [input.body],
      details: input.details,
      items: input.items,
      action: { label: input.actionLabel, url: `${publicUrl}${input.linkPath}` },
      settingsUrl: `${publicUrl}${settingsPath(recipient.accountType)}`,
      unsubscribeUrl: input.unsubscribeUrl,
    }),
  };
}

/** Who each side of a confirmed booking calls (read by notify.ts for the booking e-mails). */
export interface BookingContacts {
  /** The shift location's phone and point of contact, for the professional. */
  location: BookingContact;
  /** The professional's phone, for the practice. */
  professionalPhone: string;
}

/** The notices a marketplace event sends: who gets what (see events.ts). */
export function messagesForEvent(
  event: MarketplaceEvent,
  publicUrl: string,
  contacts?: BookingContacts,
): NotificationMessage[] {
  const { shift } = event;
  const what = `${shift.position} shift on ${shiftDay(shift.startTime)}`;
  const details = shiftDetails(shift);
  switch (event.kind) {
    case 'application_received':
      return [
        {
          userId: event.practiceUserId,
          kind: event.kind,
          // One bell entry per application; the e-mails are batched per shift
          // (applicant-emails.ts: the first at once, then a summary at most every 15 minutes).
          channel: 'bell',
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `New applicant for your ${what}`,
              body: `${event.professionalName} applied for your ${what} (${shiftHours(shift.startTime, shift.endTime)}). Review the applicants in Staffing Requests.`,
              linkPath: practiceSections.staffingRequests,
              actionLabel: 'Review applicants',
              details,
            }),
        },
      ];
    case 'application_declined':
      return [
        {
          userId: event.professionalUserId,
          kind: event.kind,
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `Your application for the ${what} was not accepted`,
              body: `${shift.practiceName} chose another professional for the ${what}. Find Shifts lists more shifts that fit you.`,
              linkPath: professionalSections.findShifts(recipient.portalPath),
              actionLabel: 'Find shifts',
              details,
            }),
        },
      ];
    case 'booking_confirmed':
      return [
        {
          userId: event.professionalUserId,
          kind: event.kind,
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `You're booked: ${what}`,
              body: `${shift.practiceName} confirmed you for the ${what}, ${shiftHours(shift.startTime, shift.endTime)}. It is on your schedule.`,
              linkPath: professionalSections.schedule(recipient.portalPath),
              actionLabel: 'Open your schedule',
              details: [...details, ...(contacts ? contactDetails(contacts.location) : [])],
            }),
        },
        {
          userId: event.practiceUserId,
          kind: event.kind,
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `${event.professionalName} is booked for your ${what}`,
              body: `Your ${what} (${shiftHours(shift.startTime, shift.endTime)}) is filled: ${event.professionalName} will work it.`,
              linkPath: practiceSections.staffingRequests,
              actionLabel: 'Open Staffing Requests',
              details: [
                ['Professional', event.professionalName],
                ...(contacts
                  ? contactDetails({ pointOfContact: '', phone: contacts.professionalPhone })
                  : []),
                ...details,
              ],
            }),
        },
      ];
    case 'booking_cancelled': {
      const reason = reasonSentence(event.reason);
      const reasonLines = reason ? [reason] : [];
      if (event.cancelledBy === 'professional') {
        return [
          {
            userId: event.practiceUserId,
            kind: event.kind,
            compose: (recipient) =>
              composeNotice(recipient, publicUrl, {
                title: `${event.professionalName} cancelled your ${what}`,
                body: [...reasonLines, 'The shift is open again for other professionals.'].join(
                  ' ',
                ),
                paragraphs: [
                  `${event.professionalName} cancelled their booking for your ${what}.`,
                  ...reasonLines,
                  'The shift is open again, so other professionals can apply or book it.',
                ],
                linkPath: practiceSections.staffingRequests,
                actionLabel: 'Open Staffing Requests',
                details,
              }),
          },
        ];
      }
      return [
        {
          userId: event.professionalUserId,
          kind: event.kind,
          compose: (recipient) =>
            composeNotice(recipient, publicUrl, {
              title: `${shift.practiceName} cancelled the ${what}`,
              body: [...reasonLines, 'It is no longer on your schedule.'].join(' '),
              paragraphs: [
                `${shift.practiceName} cancelled the ${what} you were booked for.`,
                ...reasonLines,
                'It is no longer on your schedule. Find Shifts lists other shifts that fit you.',
              ],
              linkPath: professionalSections.findShifts(recipient.portalPath),
              actionLabel: 'Find shifts',
              details,
            }),
        },
      ];
    }
  }
}
