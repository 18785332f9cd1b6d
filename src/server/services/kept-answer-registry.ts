import type { Database } from '../db/client';
import { keptAnswersFor, type Answer } from './kept-answers';

/**
 * Every answer a server keeps in memory (decision record 011), with the tables it reads and how
 * a change to each reaches every server: the triggers (migrations 0011, 0012) that announce it on
 * the `chairfill_changes` channel, or why none is needed. A table an answer reads must be listed
 * here, and test/api/kept-answer-registry.test.ts checks, on the migrated database, that every
 * listed trigger exists on its table and announces on that channel. Adding a kept answer: give it
 * an entry and read it through `keptAnswer` (docs/how-to-add-a-kept-answer.md).
 */
export type TableAnnouncement = { triggers: readonly string[] } | { needsNone: string };

const shiftTriggers = {
  triggers: ['shifts_notice_insert', 'shifts_notice_update', 'shifts_notice_delete'],
} as const;
const applicationTriggers = {
  triggers: [
    'shift_applications_notice_insert',
    'shift_applications_notice_update',
    'shift_applications_notice_delete',
  ],
} as const;
const bookingTriggers = {
  triggers: ['bookings_notice_insert', 'bookings_notice_update', 'bookings_notice_delete'],
} as const;
const ratingTriggers = {
  triggers: ['ratings_notice_insert', 'ratings_notice_update', 'ratings_notice_delete'],
} as const;
const professionalTriggers = {
  triggers: ['professionals_notice_update', 'professionals_notice_delete'],
} as const;
const practiceTriggers = { triggers: ['practices_notice_update'] } as const;
const chargeTriggers = {
  triggers: ['charges_notice_insert', 'charges_notice_update', 'charges_notice_delete'],
} as const;
const payoutTriggers = { triggers: ['payouts_notice_insert', 'payouts_notice_update'] } as const;
const timesheetTriggers = {
  triggers: ['timesheets_notice_insert', 'timesheets_notice_update', 'timesheets_notice_delete'],
} as const;

const blockTriggers = { triggers: ['blocks_notice_insert', 'blocks_notice_delete'] } as const;
const messageTriggers = {
  triggers: ['conversation_messages_notice_insert', 'conversation_messages_notice_update'],
} as const;
const conversationsMadeWithMessages = {
  needsNone:
    'made with its first message, which announces; removed only months after its shift ended, when the answer has expired',
} as const;
/** What a list of conversations and one conversation both read: messages and whom they name. */
const conversationReads = {
  conversation_messages: messageTriggers,
  conversations: conversationsMadeWithMessages,
  shifts: shiftTriggers,
  practices: practiceTriggers,
  professionals: professionalTriggers,
} as const;

/** What Find Shifts reads, and "Almost a match" under it with the same rules. */
const shiftBoardReads = {
  shifts: shiftTriggers,
  practices: practiceTriggers,
  professionals: professionalTriggers,
  shift_applications: applicationTriggers,
  bookings: bookingTriggers,
  blocks: blockTriggers,
  favourites: { triggers: ['favourites_notice_insert', 'favourites_notice_delete'] },
  ratings: ratingTriggers,
  // What the professional holds decides the shifts with requirements (decision record 022).
  credentials: {
    triggers: [
      'credentials_notice_insert',
      'credentials_notice_update',
      'credentials_notice_delete',
    ],
  },
} as const;

export const keptAnswerRegistry = {
  'shift-board': {
    answer: 'Find Shifts (per professional and filter)',
    reads: shiftBoardReads,
  },
  'almost-a-match': {
    answer: 'Almost a match on Find Shifts (per professional)',
    reads: shiftBoardReads,
  },
  profile: {
    answer: "The professional's profile",
    reads: {
      professionals: professionalTriggers,
      verification_decisions: { triggers: ['verification_decisions_notice_insert'] },
      stored_files: {
        needsNone: "a new photo or resume is a new row and changes the professional's file id",
      },
    },
  },
  'practice-dashboard': {
    answer: "The practice dashboard's figures",
    reads: {
      shifts: shiftTriggers,
      shift_applications: applicationTriggers,
      bookings: bookingTriggers,
      ratings: ratingTriggers,
      professionals: professionalTriggers,
    },
  },
  'professional-dashboard': {
    answer: "The professional dashboard's figures",
    reads: {
      bookings: bookingTriggers,
      timesheets: timesheetTriggers,
      ratings: ratingTriggers,
      professionals: professionalTriggers,
      shifts: {
        needsNone:
          "a booked shift's status moves with its booking's (completed, cancelled: announced), and its start passing is the answer's expiry",
      },
    },
  },
  'shift-page': {
    answer: "A page of a month of the practice's shifts",
    reads: {
      shifts: shiftTriggers,
      practices: practiceTriggers,
      shift_applications: applicationTriggers,
      bookings: bookingTriggers,
      ratings: ratingTriggers,
      professionals: professionalTriggers,
      matching_epochs: { triggers: ['matching_epochs_reach_notice'] },
      // Stored by the shift-reach job after the read queued it (decision record 034).
      shift_reach: {
        triggers: [
          'shift_reach_notice_insert',
          'shift_reach_notice_update',
          'shift_reach_notice_delete',
        ],
      },
    },
  },
  'practice-money': {
    answer: "The practice's Billing: its charges, weekly invoices and payment hold",
    reads: {
      charges: chargeTriggers,
      invoices: { triggers: ['invoices_notice_insert', 'invoices_notice_delete'] },
      payouts: payoutTriggers,
      practices: { triggers: ['practices_notice_update', 'practices_payment_notice_update'] },
      professionals: professionalTriggers,
      shifts: {
        needsNone: 'a charge shows only its shift’s position, which a booked shift cannot change',
      },
    },
  },
  earnings: {
    answer: "A professional's Earnings of a year",
    reads: {
      charges: chargeTriggers,
      payouts: payoutTriggers,
      timesheets: timesheetTriggers,
      shifts: shiftTriggers,
      practices: practiceTriggers,
    },
  },
  'shift-months': {
    answer: "The months with the practice's shifts, counted per position",
    reads: { shifts: shiftTriggers },
  },
  credentials: {
    answer: "The professional's credentials and where they stand with the required ones",
    reads: {
      credentials: {
        triggers: [
          'credentials_notice_insert',
          'credentials_notice_update',
          'credentials_notice_delete',
        ],
      },
      credential_decisions: {
        needsNone: "recorded only with its credential's own status change, which announces",
      },
      stored_files: {
        needsNone: "a new document is a new row and changes the credential's document id",
      },
      professionals: professionalTriggers,
    },
  },
  conversations: {
    answer: "A practice's or professional's conversations, with unread counts",
    reads: conversationReads,
  },
  'check-in-codes': {
    answer: "A practice's booked shifts of today with their check-in codes",
    reads: {
      shifts: shiftTriggers,
      bookings: bookingTriggers,
      timesheets: timesheetTriggers,
      professionals: professionalTriggers,
    },
  },
  conversation: {
    answer:
      'One conversation as its practice or professional reads it, while nothing in it is unread',
    reads: {
      ...conversationReads,
      // Who may talk: an application or booking between the two, and no block.
      shift_applications: applicationTriggers,
      bookings: bookingTriggers,
      blocks: blockTriggers,
    },
  },
  'unread-messages': {
    answer: 'How many messages a practice or professional has not read (the badge)',
    reads: {
      conversation_messages: messageTriggers,
      conversations: conversationsMadeWithMessages,
      shifts: {
        needsNone:
          "a shift is never deleted (a cancelled one stays), and its end only matters past the answer's expiry",
      },
      professionals: {
        needsNone: "only a professional's id is read, which never changes for a user",
      },
    },
  },
  bell: {
    answer: "A person's newest notifications and how many are unread",
    reads: {
      notifications: {
        triggers: [
          'notifications_notice_insert',
          'notifications_notice_update',
          'notifications_notice_delete',
        ],
      },
    },
  },
  'practice-scorecard': {
    answer: "One practice's scorecard (Find Shifts' cards and the practice's page)",
    reads: {
      shifts: shiftTriggers,
      bookings: bookingTriggers,
      ratings: ratingTriggers,
      charges: chargeTriggers,
      timesheets: timesheetTriggers,
      payouts: payoutTriggers,
      // Decision record 040: the counts as last computed, and the marks of changes since.
      practice_scorecards: {
        needsNone: 'written only by the computation itself, from the tables above',
      },
      practice_scorecard_changes: {
        needsNone:
          'marked in the same transactions as the changes of the tables above, which announce them',
      },
    },
  },
  'practice-scorecards': {
    answer: "The scorecards of a Find Shifts board's practices (per professional and practices)",
    reads: {
      shifts: shiftTriggers,
      bookings: bookingTriggers,
      ratings: ratingTriggers,
      charges: chargeTriggers,
      timesheets: timesheetTriggers,
      payouts: payoutTriggers,
      practices: { triggers: ['practices_verification_notice_update'] },
      blocks: blockTriggers,
      professionals: {
        needsNone: "only the professional's id is read, which never changes for a user",
      },
    },
  },
  'why-not': {
    answer: '"Why isn\'t this filling?" of one of a practice\'s open shifts',
    reads: {
      shifts: shiftTriggers,
      practices: practiceTriggers,
      // The professionals near the shift are thousands on a large market: rather than a tag
      // each, the answer expires 60 s after it was computed (WHY_NOT_KEPT_MS).
      professionals: {
        needsNone: "kept 60 s at most: a professional's change shows within a minute",
      },
      bookings: { needsNone: 'kept 60 s at most: a booking elsewhere shows within a minute' },
      blocks: { needsNone: 'kept 60 s at most: a block shows within a minute' },
      credentials: { needsNone: 'kept 60 s at most: a credential shows within a minute' },
    },
  },
} as const satisfies Record<string, { answer: string; reads: Record<string, TableAnnouncement> }>;

export type KeptAnswerName = keyof typeof keptAnswerRegistry;

/** The answer of kind `name` for `parts` (who and which filter), kept or computed. */
export function keptAnswer(
  db: Database,
  name: KeptAnswerName,
  parts: ReadonlyArray<string | number | boolean | undefined | null>,
  compute: () => Promise<Answer>,
): Promise<string> {
  return keptAnswersFor(db).answer([name, ...parts.map((part) => part ?? '')].join('|'), compute);
}
