import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import type { Env } from '../env';
import { shiftSummaryColumns, toShiftSummary, type ShiftSummaryRow } from '../jobs/shift-row';
import { sqlArray } from '../db/sql-arrays';
import { deliverNotifications, type NotificationMessage } from './deliver-notifications';
import { composeNotice, practiceSections, shiftDetails } from './marketplace-messages';
import { shiftDay, shiftHours } from './shift-wording';

/** A practice gets at most one 'new applicants' e-mail per shift this often. */
export const APPLICANT_EMAIL_GAP_MINUTES = 15;

interface WaitingApplicant {
  shift_id: string;
  name: string;
  status: string;
}

interface ShiftToTell extends ShiftSummaryRow {
  practice_user_id: string;
  last_emailed_ms: number | null;
}

/** The key that makes one applicant e-mail of a shift go out once (one per shift and moment). */
export function applicantEmailKey(shiftId: string, now: Date): string {
  return `applicants:${shiftId}:${now.toISOString()}`;
}

/** A shift whose new applications are to be e-mailed, and the moment that asks for it. */
export interface ApplicantEmailAsk {
  shiftId: string;
  /** The application's time (or the job's): the 15 minutes and the e-mail's key count from it. */
  at: Date;
}

/**
 * E-mails each asked shift's practice about the applications it has not been e-mailed about yet
 * (one application: 'New applicant ...'; several: a summary listing them), unless it was e-mailed
 * about that shift less than APPLICANT_EMAIL_GAP_MINUTES before the ask's moment; then they wait
 * for the summary job (applicantSummariesJob). Every shift of one call in the same four
 * statements, whatever their number (the notice worker asks for a whole batch of applications at
 * once, issue 19).
 *
 * Called after an application's notices are recorded (the notice worker) and by the job. The
 * shift rows are locked first, in id order, so of the callers on the different instances one marks
 * the applications e-mailed and the others find none left: each application is in exactly one
 * e-mail, and the outbox dedupe key makes a retried run queue nothing twice. Applications
 * withdrawn or decided meanwhile, and those of a shift no longer open, are marked without an
 * e-mail. Returns how many e-mails were queued. The lock is FOR NO KEY UPDATE: it serialises these
 * callers all the same, but does not hold up rows that only reference the shift (a message's
 * conversation, an application, a booking: their foreign key check takes KEY SHARE), which FOR
 * UPDATE did until the job's transaction ended.
 */
export async function emailNewApplicants(
  tx: Database,
  env: Pick<Env, 'publicUrl'>,
  asks: readonly ApplicantEmailAsk[],
): Promise<number> {
  // One ask per shift: the earliest (what was asked later within the batch it covers too).
  const askedAt = new Map<string, Date>();
  for (const { shiftId, at } of asks) {
    const before = askedAt.get(shiftId);
    if (!before || at < before) askedAt.set(shiftId, at);
  }
  if (askedAt.size === 0) return 0;
  const ids = [...askedAt.keys()];
  const shifts = await queryRows<ShiftToTell>(
    tx,
    sql`select ${shiftSummaryColumns}, pr.user_id as practice_user_id,
        (select (extract(epoch from max(a.practice_emailed_at)) * 1000)::float8
          from shift_applications a where a.shift_id = s.id) as last_emailed_ms
      from shifts s join practices pr on pr.id = s.practice_id
      where s.id = any(${sqlArray(ids, 'uuid')})
      order by s.id
      for no key update of s`,
  );
  const gapMs = APPLICANT_EMAIL_GAP_MINUTES * 60_000;
  const due = shifts.filter((shift) => {
    const last = shift.last_emailed_ms === null ? null : Number(shift.last_emailed_ms);
    return last === null || last <= askedAt.get(shift.shift_id)!.getTime() - gapMs;
  });
  if (due.length === 0) return 0;

  const marked = await queryRows<WaitingApplicant>(
    tx,
    sql`update shift_applications a set practice_emailed_at = asked.at
      from professionals p,
        unnest(${sqlArray(
          due.map((shift) => shift.shift_id),
          'uuid',
        )}, ${sqlArray(
          due.map((shift) => askedAt.get(shift.shift_id)!.toISOString()),
          'timestamptz',
        )}) as asked(shift_id, at)
      where a.shift_id = asked.shift_id and a.practice_emailed_at is null
        and p.id = a.professional_id
      returning a.shift_id, trim(p.first_name || ' ' || p.last_name) as name, a.status`,
  );
  const waitingNames = new Map<string, string[]>();
  for (const row of marked) {
    if (row.status !== 'pending') continue;
    waitingNames.set(row.shift_id, [...(waitingNames.get(row.shift_id) ?? []), row.name]);
  }
  const messages = due.flatMap((shift) => {
    const names = (waitingNames.get(shift.shift_id) ?? []).sort((a, b) => a.localeCompare(b));
    if (names.length === 0 || shift.shift_status !== 'open') return [];
    return [applicantEmail(shift, names, env, askedAt.get(shift.shift_id)!)];
  });
  const delivered = await deliverNotifications(tx, messages);
  return delivered.emails;
}

/** The e-mail telling a practice who applied for a shift since its last one. */
function applicantEmail(
  shift: ShiftToTell,
  names: string[],
  env: Pick<Env, 'publicUrl'>,
  at: Date,
): NotificationMessage {
  const summary = toShiftSummary(shift);
  const what = `${summary.position} shift on ${shiftDay(summary.startTime)}`;
  const hours = shiftHours(summary.startTime, summary.endTime);
  const single = names.length === 1;
  return {
    userId: shift.practice_user_id,
    kind: 'application_received',
    channel: 'email',
    dedupeKey: applicantEmailKey(shift.shift_id, at),
    compose: (recipient) =>
      composeNotice(recipient, env.publicUrl, {
        title: single
          ? `New applicant for your ${what}`
          : `${names.length} new applicants for your ${what}`,
        body: single
          ? `${names[0]} applied for your ${what} (${hours}). Review the applicants in Staffing Requests.`
          : `${names.length} professionals applied for your ${what} (${hours}) since our last e-mail about it. Review the applicants in Staffing Requests.`,
        paragraphs: single
          ? undefined
          : [
              `${names.length} professionals applied for your ${what} (${hours}) since our last e-mail about it:`,
            ],
        items: single ? undefined : names,
        linkPath: practiceSections.staffingRequests,
        actionLabel: 'Review applicants',
        details: shiftDetails(summary),
      }),
  };
}

/**
 * Shifts a run e-mails about at most: a backlog (a restart after an outage) is worked off a batch
 * a minute, each run's transaction short, instead of one run holding the shifts' locks for long.
 */
export const APPLICANT_SUMMARIES_PER_RUN = 200;

/**
 * The shifts whose practice has applications waiting for an e-mail and was last e-mailed about
 * them at least APPLICANT_EMAIL_GAP_MINUTES before `now` (APPLICANT_SUMMARIES_PER_RUN of them at
 * most): each gets its summary.
 */
export async function emailDueApplicantSummaries(
  tx: Database,
  env: Pick<Env, 'publicUrl'>,
  now: Date,
  perRun = APPLICANT_SUMMARIES_PER_RUN,
): Promise<{ shifts: number; emails: number }> {
  const due = await queryRows<{ shift_id: string }>(
    tx,
    sql`select w.shift_id from (
        select distinct a.shift_id from shift_applications a where a.practice_emailed_at is null
      ) w
      where coalesce(
        (select max(a.practice_emailed_at) from shift_applications a where a.shift_id = w.shift_id),
        '-infinity'::timestamptz
      ) <= ${now.toISOString()}::timestamptz - make_interval(mins => ${APPLICANT_EMAIL_GAP_MINUTES})
      order by w.shift_id
      limit ${perRun}`,
  );
  const emails = await emailNewApplicants(
    tx,
    env,
    due.map((row) => ({ shiftId: row.shift_id, at: now })),
  );
  return { shifts: due.length, emails };
}
