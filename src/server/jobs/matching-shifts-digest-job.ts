import { formatPracticeAndPlace } from '@shared/address-format';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { formatHourlyRate } from '@shared/money-format';
import {
  deliverNotifications,
  type NotificationMessage,
} from '../notifications/deliver-notifications';
import { composeNotice, professionalSections } from '../notifications/marketplace-messages';
import { shiftDay, shiftHours } from '../notifications/shift-wording';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../notifications/unsubscribe-link';
import { recordDigestNotices, type DigestRules } from './digest-notices';
import { lockJob } from './job-lock';
import type { Tx } from '../services/marketplace/db-transaction';
import { inPacedBatches } from './paced-batches';
import type { JobContext, ScheduledJob } from './scheduled-job';
import { toShiftSummary } from './shift-row';

/** At most one digest per professional this often. */
export const DIGEST_MIN_GAP_MINUTES = 60;
/**
 * Only shifts posted in the last day are new: a professional who just completed their profile or
 * was just verified is not sent every open shift of the past months (Find Shifts shows those), and
 * each run reads a day of postings at most, however large the market.
 */
export const DIGEST_LOOKBACK_HOURS = 24;
/**
 * At most this many professionals are told in one run (one bell entry and one e-mail each); the
 * others are told by the next runs, 5 minutes apart, those waiting longest first (12,000 an hour
 * at most).
 */
export const DIGEST_PROFESSIONALS_PER_RUN = 1000;
/**
 * A run tells them this many at a time, each batch its own transaction, resting between batches
 * as long as each took (inPacedBatches): 1,000 professionals in one statement recorded 44,042
 * notices in 5.3 s on the large market, beside the requests of a server just started.
 */
const DIGEST_PROFESSIONALS_PER_BATCH = 100;
/** A run starts no further batch once this long has passed; the next run goes on. */
const DIGEST_RUN_BUDGET_MS = 30_000;
/** The e-mail lists this many shifts, then says how many more there are. */
const LISTED_IN_EMAIL = 10;
const LISTED_IN_BELL = 3;

/**
 * One line per shift: 'Hygienist · Tue, Dec 8 · 8:00 AM – 4:00 PM · Harbor Dental Care, 100
 * River Road, Hackensack, NJ 07601 · $55.00/hr'.
 */
export function digestLine(shift: ShiftSummaryDto): string {
  return [
    shift.position,
    shiftDay(shift.startTime),
    shiftHours(shift.startTime, shift.endTime),
    formatPracticeAndPlace(shift.location, shift.practiceName),
    formatHourlyRate(shift.rateCents),
  ].join(' · ');
}

/**
 * Every 5 minutes: tells verified professionals with a complete matching profile about the open
 * future shifts that fit them (the Find Shifts rules of eligibility-sql.ts: position, distance
 * within their travel distance, minimum rate, availability window) posted since they were last
 * told and in the last DIGEST_LOOKBACK_HOURS, and not told before, at most once an hour each and
 * at most `professionalsPerRun` professionals a run, `professionalsPerBatch` at a time
 * (digest-notices.ts). Each batch is one transaction holding the job's lock: one INSERT ...
 * SELECT records every such shift in match_notices; then each professional gets ONE bell entry
 * and ONE e-mail listing theirs, with a signed one-click unsubscribe link (List-Unsubscribe).
 * Notices are recorded for professionals who turned the e-mail off too, so those shifts never
 * come back in a later e-mail.
 */
export function createMatchingShiftsDigestJob(rules: Partial<DigestRules> = {}): ScheduledJob {
  const digestRules: DigestRules = {
    minGapMinutes: DIGEST_MIN_GAP_MINUTES,
    lookbackHours: DIGEST_LOOKBACK_HOURS,
    professionalsPerRun: DIGEST_PROFESSIONALS_PER_RUN,
    professionalsPerBatch: DIGEST_PROFESSIONALS_PER_BATCH,
    ...rules,
  };
  const name = 'matching-shifts-digest';
  return {
    name,
    intervalMs: 5 * 60_000,
    async run(ctx, now) {
      const done = { professionals: 0, shifts: 0, emails: 0 };
      await inPacedBatches(DIGEST_RUN_BUDGET_MS, async () => {
        const batchSize = Math.min(
          digestRules.professionalsPerBatch,
          digestRules.professionalsPerRun - done.professionals,
        );
        const batch = await ctx.db.transaction(async (tx) => {
          await lockJob(tx, name);
          return tellBatch(tx, ctx, now, { ...digestRules, professionalsPerRun: batchSize });
        });
        done.professionals += batch.professionals;
        done.shifts += batch.shifts;
        done.emails += batch.emails;
        // A batch short of its size found no one else to tell.
        return (
          batch.professionals === batchSize && done.professionals < digestRules.professionalsPerRun
        );
      });
      return done;
    },
  };
}

/** Records and delivers one batch of the digest (rules.professionalsPerRun professionals). */
async function tellBatch(
  tx: Tx,
  ctx: JobContext,
  now: Date,
  rules: DigestRules,
): Promise<{ professionals: number; shifts: number; emails: number }> {
  const noticed = await recordDigestNotices(tx, now, rules);
  const byProfessional = new Map<string, { userId: string; shifts: ShiftSummaryDto[] }>();
  for (const row of noticed) {
    const entry = byProfessional.get(row.professional_id) ?? {
      userId: row.user_id,
      shifts: [],
    };
    entry.shifts.push(toShiftSummary(row));
    byProfessional.set(row.professional_id, entry);
  }
  const messages: NotificationMessage[] = [...byProfessional.values()].map(
    ({ userId, shifts }) => ({
      userId,
      kind: 'new_matching_shifts',
      compose: (recipient) => {
        const count = shifts.length;
        const title =
          count === 1
            ? `A new ${shifts[0]!.position} shift matches your profile`
            : `${count} new shifts match your profile`;
        const lines = shifts.map(digestLine);
        const more = (shown: number) =>
          count > shown ? [`and ${count - shown} more on Find Shifts`] : [];
        const unsubscribe = unsubscribeUrl(ctx.env, recipient.userId, 'new_matching_shifts');
        const notice = composeNotice(recipient, ctx.env.publicUrl, {
          title,
          body: [...lines.slice(0, LISTED_IN_BELL), ...more(LISTED_IN_BELL)].join('; '),
          paragraphs: [
            count === 1
              ? 'A practice posted a shift that fits your position, travel distance, minimum rate and availability:'
              : 'Practices posted shifts that fit your position, travel distance, minimum rate and availability:',
          ],
          items: [...lines.slice(0, LISTED_IN_EMAIL), ...more(LISTED_IN_EMAIL)],
          linkPath: professionalSections.findShifts(recipient.portalPath),
          actionLabel: 'See them on Find Shifts',
          unsubscribeUrl: unsubscribe,
        });
        // A bulk e-mail: mail providers offer one-click unsubscribe (RFC 8058).
        return {
          ...notice,
          email: { ...notice.email, headers: listUnsubscribeHeaders(unsubscribe) },
        };
      },
    }),
  );
  const delivered = await deliverNotifications(tx, messages, now);
  return {
    professionals: byProfessional.size,
    shifts: noticed.length,
    emails: delivered.emails,
  };
}

export const matchingShiftsDigestJob = createMatchingShiftsDigestJob();
