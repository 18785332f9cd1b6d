import type { LocationDto } from '@shared/practice/practice-replies';
import type { PracticeDto } from '@shared/practice/practice-replies';
import type { PracticeBookingDto } from '@shared/marketplace/booking-replies';
import { shiftStatusAt } from '@shared/practice/shifts';
import type { ShiftDto } from '@shared/practice/practice-replies';
import type { locations, practices, shifts } from '../../db/schema';
import { emptyPracticeSoftware } from '../accounts/create-practice-account';

/** Row-to-DTO shapes of the practice portal: what the API answers, nothing more. */

export function toPracticeDto(row: typeof practices.$inferSelect): PracticeDto {
  return {
    id: row.id,
    practiceName: row.practiceName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    businessOwner: row.businessOwner,
    pointOfContact: row.pointOfContact,
    mobileNumber: row.mobileNumber,
    userType: 'practice',
    createdAt: row.createdAt.toISOString(),
    dentalSoftware: { ...emptyPracticeSoftware, ...row.dentalSoftware },
    maxRates: {
      hygienist: row.hygienistMaxRateCents,
      dentalAssistant: row.dentalAssistantMaxRateCents,
      frontDesk: row.frontDeskMaxRateCents,
    },
  };
}

export function toLocationDto(row: typeof locations.$inferSelect): LocationDto {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    pointOfContact: row.pointOfContact,
    dentalSoftware: row.dentalSoftware,
    operatoryCount: row.operatoryCount,
    isMainLocation: row.isMainLocation,
  };
}

/** What the marketplace adds to a practice's shift: pending applicants and who is booked. */
export interface ShiftMarketplaceState {
  applicantCount: number;
  booking: PracticeBookingDto | null;
}

/**
 * `practiceName` comes from the practice as it is now (a renamed practice shows its new name).
 * A shift just posted has no applicant and no booking.
 */
export function toShiftDto(
  row: typeof shifts.$inferSelect,
  practiceName: string,
  marketplace: ShiftMarketplaceState = { applicantCount: 0, booking: null },
  now: Date = new Date(),
): ShiftDto {
  return {
    id: row.id,
    practiceId: row.practiceId,
    practiceName,
    position: row.position,
    startTime: row.startsAt.toISOString(),
    endTime: row.endsAt.toISOString(),
    rateCents: row.rateCents,
    notes: row.notes,
    status: shiftStatusAt(row, now),
    createdAt: row.createdAt.toISOString(),
    timePerPatient: row.timePerPatientMinutes,
    breakTime: row.breakMinutes,
    location: {
      id: row.locationId,
      name: row.locationName,
      address: row.locationAddress,
      city: row.locationCity,
      zipCode: row.locationZipCode,
    },
    bookingMode: row.bookingMode,
    payThrough: row.payThrough,
    feeBasisPoints: row.feeBasisPoints,
    requirements: row.requirements,
    applicantCount: marketplace.applicantCount,
    booking: marketplace.booking,
    cancelReason: row.cancelReason,
    offer: {
      favouritesFirstUntil: row.favouritesFirstUntil?.toISOString() ?? null,
      instantBookFor: row.instantBookFor,
      instantBookMinRatingTenths: row.instantBookMinRatingTenths,
      wholeBlock: row.wholeBlock,
    },
  };
}
