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
  /**
   * The cap on open shifts while the practice is not verified, refusing a request that would pass
   * it (nothing of it is posted): with `open` shifts open already, how many more dates fit now.
   */
  openShiftLimit: (limit: number, open: number) => {
    if (limit === 0) return 'Your practice can post shifts once ChairFill has verified it.';
    const cap = `Until ChairFill verifies your practice, it can have at most ${limit} open ${limit === 1 ? 'shift' : 'shifts'}.`;
    const room = limit - open;
    if (room <= 0) return `${cap} Cancel one or wait for the review.`;
    const dates = `${room} ${open === 0 ? '' : 'more '}${room === 1 ? 'date' : 'dates'}`;
    return `${cap} You can post up to ${dates} now; nothing was posted.`;
  },
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
