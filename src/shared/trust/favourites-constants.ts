import { formatShiftMoment } from '../date-format';

/**
 * The constants, texts and helpers of favourites.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). favourites.ts re-exports them.
 */
/** How long a shift may be offered to favourites only (hours); 0 = to everyone at once. */
export const FAVOURITES_FIRST_MAX_HOURS = 24;

export const favouritesFirstChoices = [0, 1, 2, 4, 8, 12, 24] as const;

export const instantBookAudiences = ['everyone', 'favourites', 'min_rating'] as const;

export type InstantBookAudience = (typeof instantBookAudiences)[number];

/** The minimum ratings a practice may ask for, in tenths of a star. */
export const instantBookMinRatings = [40, 45, 48] as const;

export const invitationStatuses = [
  'pending',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;

export type InvitationStatus = (typeof invitationStatuses)[number];

/** '4.5' from 45 tenths. */
export function ratingFromTenths(tenths: number): string {
  return (tenths / 10).toFixed(1);
}

export const favouriteTexts = {
  section: 'Professionals',
  title: 'Your professionals',
  hint: 'Everyone who has been booked on your shifts. Mark the ones you want back as favourites: you can offer them a shift first, let only them book at once, or invite one of them to a shift.',
  empty:
    'Professionals appear here once they are booked on one of your shifts. Then you can mark them as favourites and invite them again.',
  loadFailed: 'Failed to load your professionals. Please try again.',
  favourite: 'Favourite',
  markFavourite: (name: string) => `Add ${name} to favourites`,
  unmarkFavourite: (name: string) => `Remove ${name} from favourites`,
  added: (name: string) => `${name} is one of your favourites.`,
  removed: (name: string) => `${name} is no longer one of your favourites.`,
  failed: 'Failed to save. Please try again.',
  shiftsWorked: 'Shifts with you',
  lastShift: 'Last shift',
  yourRating: 'Your rating',
  notRated: 'Not rated',
  favouritesOnly: 'Favourites only',
  everyone: 'Everyone',
  notFound: 'Professional not found.',
} as const;

export const postingTexts = {
  favouritesFirstLabel: 'Offer to your favourites first',
  favouritesFirstHint:
    'Your favourites see the shift and are told at once; everyone else sees it when this time is over, unless a favourite has taken it.',
  favouritesFirstChoice: (hours: number) =>
    hours === 0 ? 'No, to everyone at once' : hours === 1 ? 'For 1 hour' : `For ${hours} hours`,
  favouritesFirstNone:
    'You have no favourites yet. Mark professionals you worked with as favourites under Professionals.',
  favouritesFirstNeedsFavourites:
    'You have no favourites yet, so the shift cannot be offered to them first',
  favouritesFirstTooLong: 'The favourites-first time must end before the shift starts',
  favouritesFirstInvalid: 'Please choose how long your favourites see the shift first',
  instantBookForLabel: 'Who can book at once',
  instantBookFor: {
    everyone: 'Every verified professional',
    favourites: 'Only my favourites',
    min_rating: 'Professionals with a minimum rating',
  } satisfies Record<InstantBookAudience, string>,
  instantBookForHint: 'Everyone else can still apply, and you choose from the applicants.',
  minRatingLabel: 'Minimum rating',
  minRatingChoice: (tenths: number) => `${ratingFromTenths(tenths)} stars or more`,
  minRatingRequired: 'Please choose the minimum rating',
  instantBookForInvalid: 'Please choose who can book at once',
  wholeBlockLabel: 'One professional for all dates',
  wholeBlockHint:
    'Professionals apply for every date together and you accept one of them for the whole block. Each date can still be cancelled on its own, under the cancellation policy.',
  wholeBlockInvalid: 'Please say whether one professional should work all the dates',
  wholeBlockNeedsDates: 'Choose at least two dates to ask for one professional for all of them',
  wholeBlockNeedsReview:
    'One professional for all dates works with Review applicants: choose it as the booking',
  /** On the shift card and the practice's list. */
  favouritesFirstUntil: (until: string) => `Offered to favourites first until ${until}`,
  forYouFirst: (until: string) => `Offered to you first, as a favourite, until ${until}`,
  instantOnlyFor: {
    favourites: 'Instant book for favourites; others apply',
    min_rating: (tenths: number) =>
      `Instant book from ${ratingFromTenths(tenths)} stars; others apply`,
  },
  /**
   * The refusal of 'Book now' on an 'Instant book' shift whose instant booking is kept for others
   * (409): why, and what to do instead.
   */
  instantKeptFor: {
    favourites:
      'Instant book for this shift is kept for the practice’s favourites. Apply instead, and the practice will choose.',
    min_rating: (tenths: number) =>
      `Instant book for this shift is kept for professionals rated ${ratingFromTenths(tenths)} stars and up. Apply instead, and the practice will choose.`,
  },
  blockOf: (count: number) => `One professional for all ${count} dates`,
  wholeBlock: 'One professional for all dates of the request',
  offerTerm: 'Offered',
  /** The practice's list: how the shift is offered, in one line. */
  offerSummary: (offer: {
    favouritesFirstUntil: string | null;
    instantBookFor: InstantBookAudience;
    instantBookMinRatingTenths: number | null;
    wholeBlock: boolean;
  }): string[] => {
    const lines: string[] = [];
    if (offer.favouritesFirstUntil) {
      lines.push(`To favourites first until ${formatShiftMoment(offer.favouritesFirstUntil)}`);
    }
    if (offer.instantBookFor === 'favourites') lines.push('Instant book for favourites only');
    if (offer.instantBookFor === 'min_rating' && offer.instantBookMinRatingTenths !== null) {
      lines.push(`Instant book from ${ratingFromTenths(offer.instantBookMinRatingTenths)} stars`);
    }
    if (offer.wholeBlock) lines.push('One professional for all dates');
    return lines;
  },
  blockApplyHint: (count: number) =>
    `This practice wants one professional for all ${count} dates of this request: you apply for every date at once.`,
  blockDates: 'Dates of the block',
  /** Before withdrawing an application of a whole block: it withdraws every date. */
  blockWithdrawTitle: (count: number) => `Withdraw from all ${count} dates?`,
  blockWithdrawDescription: (practiceName: string, count: number) =>
    `${practiceName} wants one professional for all ${count} dates of this request, so you applied for them together. Withdrawing withdraws your application for all ${count} dates:`,
  blockWithdrawConfirm: (count: number) => `Withdraw all ${count} dates`,
  blockWithdrawKeep: 'Keep Application',
  blockWithdrawn: (count: number) => `Application withdrawn for all ${count} dates`,
  acceptBlock:
    'This request asks for one professional for all its dates: they are booked on every open date they applied for.',
} as const;

export const invitationTexts = {
  invite: 'Invite',
  inviteTitle: (shiftDay: string) => `Invite a professional to ${shiftDay}`,
  inviteHint:
    'Invite someone you have worked with. They are told at once and can accept (and are booked) or decline.',
  noneToInvite: (position: string) =>
    `Nobody you have worked with works as ${position} yet. Professionals you book appear under Professionals.`,
  messageLabel: 'Message (optional)',
  messageTooLong: 'The message can be at most 500 characters',
  send: 'Send invitation',
  sending: 'Sending…',
  sent: (name: string) => `${name} is invited.`,
  withdraw: 'Withdraw invitation',
  withdrawn: 'Invitation withdrawn.',
  statusLabels: {
    pending: 'Invited',
    accepted: 'Accepted',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
    expired: 'Closed',
  } satisfies Record<InvitationStatus, string>,
  notFound: 'Invitation not found.',
  alreadyInvited: 'You have already invited this professional to this shift',
  tooMany: 'You have sent many invitations in the last hour. Please try again later.',
  notInvitable:
    'You can invite only professionals who have worked for you, to an open shift of their position',
  notPending: 'This invitation has already been answered',
  /** The professional's side. */
  cardTitle: 'Invitations',
  cardEmpty: 'No invitations right now.',
  loadFailed: 'Failed to load your invitations. Please try again.',
  invitedBy: (practice: string) => `${practice} invites you`,
  accept: 'Accept and book',
  acceptTitle: 'Accept and book this shift?',
  acceptBody: (summary: string, terms: string) =>
    `${summary}. The shift is yours as soon as you accept. ${terms}`,
  goBack: 'Go Back',
  accepting: 'Booking…',
  decline: 'Decline',
  accepted: 'You are booked on the shift.',
  declined: 'Invitation declined.',
  answerFailed: 'Failed to answer the invitation. Please try again.',
} as const;
