import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';

/**
 * What happened, as data: services report marketplace events with `notify` (notify.ts), which
 * turns each into the in-app notifications and e-mails of the people concerned. Services never
 * write notification texts themselves.
 */
export type MarketplaceEvent =
  | {
      kind: 'application_received';
      practiceUserId: string;
      professionalName: string;
      shift: ShiftSummaryDto;
    }
  | {
      kind: 'application_declined';
      professionalUserId: string;
      shift: ShiftSummaryDto;
    }
  | {
      kind: 'booking_confirmed';
      bookingId: string;
      practiceUserId: string;
      professionalUserId: string;
      professionalName: string;
      shift: ShiftSummaryDto;
    }
  | {
      kind: 'booking_cancelled';
      bookingId: string;
      /** Who cancelled; the other side is told (the shift reopens when the professional cancels). */
      cancelledBy: 'professional' | 'practice';
      practiceUserId: string;
      professionalUserId: string;
      professionalName: string;
      reason: string;
      shift: ShiftSummaryDto;
    };
