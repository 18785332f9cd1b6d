import { z } from 'zod';
import {
  FAVOURITES_FIRST_MAX_HOURS,
  instantBookAudiences,
  instantBookMinRatings,
  postingTexts,
  type InstantBookAudience,
} from './favourites-constants';

/**
 * What a staffing request says about who gets it first (decision record 022): offered to the
 * practice's favourites first for some hours, who may book an 'Instant book' shift at once, and
 * whether one professional must take every date. Part of `newShiftSchema`; checked in this
 * order after the form's other rules.
 */
export const postingChoiceFields = {
  favouritesFirstHours: z.coerce.number({ error: postingTexts.favouritesFirstInvalid }).default(0),
  instantBookFor: z.string({ error: postingTexts.instantBookForInvalid }).default('everyone'),
  instantBookMinRating: z
    .union([z.coerce.number(), z.null()], { error: postingTexts.minRatingRequired })
    .default(null),
  wholeBlock: z.boolean({ error: postingTexts.wholeBlockInvalid }).default(false),
};

export interface PostingChoices {
  favouritesFirstHours: number;
  instantBookFor: InstantBookAudience;
  /** Tenths of a star, only with 'min_rating'. */
  instantBookMinRatingTenths: number | null;
  wholeBlock: boolean;
}

interface PostingChoiceInput {
  favouritesFirstHours: number;
  instantBookFor: string;
  instantBookMinRating: number | null;
  wholeBlock: boolean;
  bookingMode: string;
}

export function postingChoices(
  input: PostingChoiceInput,
  dateCount: number,
  fail: (message: string, path: string) => never,
): PostingChoices {
  const hours = input.favouritesFirstHours;
  if (!Number.isInteger(hours) || hours < 0 || hours > FAVOURITES_FIRST_MAX_HOURS) {
    return fail(postingTexts.favouritesFirstInvalid, 'favouritesFirstHours');
  }
  const audience = input.instantBookFor as InstantBookAudience;
  if (!instantBookAudiences.includes(audience)) {
    return fail(postingTexts.instantBookForInvalid, 'instantBookFor');
  }
  // The limit only means something for an 'Instant book' shift: otherwise everyone applies.
  const limited = input.bookingMode === 'instant' ? audience : 'everyone';
  let minRating: number | null = null;
  if (limited === 'min_rating') {
    if (!(instantBookMinRatings as readonly unknown[]).includes(input.instantBookMinRating)) {
      return fail(postingTexts.minRatingRequired, 'instantBookMinRating');
    }
    minRating = input.instantBookMinRating;
  }
  if (input.wholeBlock && dateCount < 2) {
    return fail(postingTexts.wholeBlockNeedsDates, 'wholeBlock');
  }
  if (input.wholeBlock && input.bookingMode !== 'review') {
    return fail(postingTexts.wholeBlockNeedsReview, 'wholeBlock');
  }
  return {
    favouritesFirstHours: hours,
    instantBookFor: limited,
    instantBookMinRatingTenths: minRating,
    wholeBlock: input.wholeBlock,
  };
}
