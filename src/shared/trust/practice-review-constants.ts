import { screeningMessages } from '../screening-constants';

/**
 * The constants, texts and helpers of practice-review.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). practice-review.ts re-exports them.
 */
/**
 * ChairFill's review of a practice (decision record 021): a new practice is 'pending' until an
 * admin verifies it; until then its shifts reach no professional and it may hold only a few
 * open shifts. 'rejected' keeps it that way, with the reason shown to the practice.
 */
export const practiceReviewStatuses = ['pending', 'verified', 'rejected'] as const;

export type PracticeReviewStatus = (typeof practiceReviewStatuses)[number];

export const practiceReviewDecisions = ['verified', 'rejected'] as const;

export type PracticeReviewDecision = (typeof practiceReviewDecisions)[number];

/** The statuses each decision may be taken from (the other answers 409). */
export const practiceReviewTransitions: Record<
  PracticeReviewDecision,
  readonly PracticeReviewStatus[]
> = {
  verified: ['pending', 'rejected'],
  rejected: ['pending', 'verified'],
};

export const practiceReviewMessages = {
  practiceNotFound: 'Practice not found.',
  reasonRequired: screeningMessages.reasonRequired,
  alreadyDecided: {
    verified: 'This practice is already verified.',
    rejected: 'This practice is already rejected.',
  } satisfies Record<PracticeReviewDecision, string>,
  decisionSaved: {
    verified: 'Practice verified.',
    rejected: 'Practice rejected.',
  } satisfies Record<PracticeReviewDecision, string>,
  listFailed: 'Failed to load practices. Please try again.',
  decisionFailed: 'Failed to save the decision. Please try again.',
  /** The cap on open shifts while the practice is not verified. */
  openShiftLimit: (limit: number) =>
    limit === 0
      ? 'Your practice can post shifts once ChairFill has verified it.'
      : `Until ChairFill verifies your practice, it can have at most ${limit} open ${limit === 1 ? 'shift' : 'shifts'}. Cancel one or wait for the review.`,
} as const;

/** What the practice reads about its review (portal banner, reach line); null once verified. */
export function practiceReviewNotice(
  status: PracticeReviewStatus,
  reason: string,
): { title: string; body: string } | null {
  switch (status) {
    case 'pending':
      return {
        title: 'Your practice is being reviewed',
        body: 'ChairFill checks every new practice before its shifts reach professionals, usually within one business day. You can post shifts now: professionals see them once your practice is verified.',
      };
    case 'rejected':
      return {
        title: 'Your practice was not verified',
        body: `${reason ? `${reason.replace(/[.!?]?$/, '.')} ` : ''}Your shifts do not reach professionals. Reply to ChairFill's e-mail or contact support to be reviewed again.`,
      };
    case 'verified':
      return null;
  }
}

/** Why a shift's reach is 0 while the practice is not verified (next to "reaches N"). */
export const unreviewedReachText =
  'Reaches no professionals until ChairFill verifies your practice.';
