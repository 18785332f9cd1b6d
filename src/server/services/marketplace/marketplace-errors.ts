import { bookingMessages, notBookableMessage } from '@shared/marketplace/bookings';
import type { ProfessionalStatus } from '@shared/screening';
import { ratingMessages } from '@shared/marketplace/ratings';
import { postingTexts } from '@shared/trust/favourites-constants';
import { DomainError } from '../domain-error';

/** The refusals of applying, booking, cancelling and rating, with their status and code. */
export const marketplaceErrors = {
  shiftNotFound: () => new DomainError(404, 'shift_not_found', bookingMessages.shiftNotFound),
  applicationNotFound: () =>
    new DomainError(404, 'application_not_found', bookingMessages.applicationNotFound),
  bookingNotFound: () => new DomainError(404, 'booking_not_found', bookingMessages.bookingNotFound),
  /** 403 for a professional who may not book, saying why (notBookableMessage). */
  notBookable: (status: ProfessionalStatus | null) =>
    new DomainError(
      403,
      status === 'suspended' ? 'professional_suspended' : 'professional_not_verified',
      notBookableMessage(status),
    ),
  wrongPosition: () => new DomainError(403, 'wrong_position', bookingMessages.wrongPosition),
  alreadyTaken: () => new DomainError(409, 'already_taken', bookingMessages.alreadyTaken),
  alreadyFilled: () => new DomainError(409, 'already_taken', bookingMessages.alreadyFilled),
  notOpen: () => new DomainError(409, 'shift_not_open', bookingMessages.notOpen),
  alreadyStarted: () => new DomainError(409, 'shift_started', bookingMessages.alreadyStarted),
  alreadyApplied: () => new DomainError(409, 'already_applied', bookingMessages.alreadyApplied),
  useApply: () => new DomainError(409, 'review_mode', bookingMessages.useApply),
  /**
   * 409 to 'Book now' on an 'Instant book' shift kept for the practice's favourites or for
   * professionals rated at least its minimum: why, and 'Apply instead'.
   */
  instantKeptFor: (limit: 'favourites' | 'min_rating', minRatingTenths: number | null) =>
    new DomainError(
      409,
      'review_mode',
      limit === 'favourites' || minRatingTenths === null
        ? postingTexts.instantKeptFor.favourites
        : postingTexts.instantKeptFor.min_rating(minRatingTenths),
    ),
  useBook: () => new DomainError(409, 'instant_mode', bookingMessages.useBook),
  notPending: () => new DomainError(409, 'application_not_pending', bookingMessages.notPending),
  applicantUnavailable: () =>
    new DomainError(409, 'applicant_unavailable', bookingMessages.applicantUnavailable),
  notCancellable: () =>
    new DomainError(409, 'booking_not_cancellable', bookingMessages.notCancellable),
  reasonRequired: () =>
    new DomainError(400, 'validation_failed', bookingMessages.reasonRequired, {
      reason: bookingMessages.reasonRequired,
    }),
  notCompleted: () => new DomainError(409, 'not_completed', ratingMessages.notCompleted),
  alreadyRated: () => new DomainError(409, 'already_rated', ratingMessages.alreadyRated),
};
