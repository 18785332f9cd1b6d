import { z } from 'zod';
import { multiLineText } from '../validation/fields';

export const ratingMessages = {
  starsRequired: 'Please choose from 1 to 5 stars',
  commentTooLong: 'The comment can be at most 1000 characters',
  alreadyRated: 'You have already rated this shift',
  notCompleted: 'You can rate a shift once it is completed',
  saved: 'Thank you for your rating',
} as const;

/** POST …/rating: 1 to 5 whole stars and an optional comment; once per side per booking. */
export const ratingSchema = z.object({
  stars: z
    .number({ error: ratingMessages.starsRequired })
    .int(ratingMessages.starsRequired)
    .min(1, ratingMessages.starsRequired)
    .max(5, ratingMessages.starsRequired),
  comment: multiLineText({ max: 1000, tooLong: ratingMessages.commentTooLong }).default(''),
});
export type RatingInput = z.input<typeof ratingSchema>;
