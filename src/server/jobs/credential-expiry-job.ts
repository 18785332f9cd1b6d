import { inArray, sql } from 'drizzle-orm';
import {
  CREDENTIAL_REMINDER_DAYS,
  credentialName,
  credentialTexts,
  requiredCredentialKinds,
  type CredentialKind,
} from '@shared/trust/credentials';
import { practiceDateOf } from '@shared/practice/shift-dates';
import type { ProfessionalRole } from '@shared/accounts';
import { queryRows } from '../db/client';
import { credentials } from '../db/schema';
import {
  deliverNotifications,
  type NotificationMessage,
} from '../notifications/deliver-notifications';
import {
  composeNotice,
  practiceSections,
  shiftDetails,
} from '../notifications/marketplace-messages';
import { shiftDay } from '../notifications/shift-wording';
import {
  lapsedRequiredCredentials,
  requiredKindsOfRole,
} from '../services/matching/eligibility-sql';
import { credentialsPath } from '../services/trust/credential-review';
import { lockedJob } from './job-lock';
import { shiftSummaryColumns, toShiftSummary, type ShiftSummaryRow } from './shift-row';

/** At most this many reminders, and this many expired credentials, are handled per run. */
export const CREDENTIAL_REMINDERS_PER_RUN = 500;
export const CREDENTIAL_EXPIRIES_PER_RUN = 200;

interface ReminderRow {
  id: string;
  kind: CredentialKind;
  other_name: string;
  expires_on: string;
  days_left: number;
  threshold: number;
  user_id: string;
  role: ProfessionalRole;
}

interface ExpiredRow {
  id: string;
  professional_id: string;
  kind: CredentialKind;
  other_name: string;
  expires_on: string;
  professional_name: string;
}

interface BookedRow extends ShiftSummaryRow {
  professional_id: string;
  practice_id: string;
  practice_user_id: string;
}

/** The key that makes one reminder of one expiry date happen once. */
export function credentialReminderKey(id: string, expiresOn: string, days: number): string {
  return `credential-reminder:${id}:${expiresOn}:${days}`;
}

/**
 * Hourly (decision record 022), once across instances and never twice for the same thing:
 *
 * - Reminders: a verified credential expiring within 60, 30 or 7 days gets the reminder of the
 *   smallest of those thresholds it has reached (bell and e-mail, kind `credential_update`), once:
 *   `reminded_days_before` keeps the last threshold sent (editing the expiry clears it, migration
 *   0020), and the notice's id comes from the credential, its expiry and the threshold.
 * - Expiry: when a credential the professional's role requires has expired and no valid one of
 *   its kind is left (the rule of eligibility-sql.ts, lapsedRequiredCredentials), each practice
 *   with a future confirmed booking of that professional is told once, with those shifts
 *   (`expiry_notice_sent_at`). New applications and bookings are refused by the same rule.
 *
 * Bounded batches (oldest expiry first); the next run takes the rest.
 */
export const credentialExpiryJob = lockedJob({
  name: 'credential-expiry',
  intervalMs: 60 * 60_000,
  async run(tx, ctx, now) {
    const today = practiceDateOf(now);
    const todayDate = sql`${today}::date`;
    const thresholds = sql.raw(`array[${CREDENTIAL_REMINDER_DAYS.join(', ')}]`);
    const reminders = await queryRows<ReminderRow>(
      tx,
      sql`select c.id, c.kind, c.other_name, c.expires_on::text as expires_on,
          (c.expires_on - ${todayDate})::int as days_left, t.days as threshold,
          p.user_id, p.role
        from credentials c
        join professionals p on p.id = c.professional_id
        cross join lateral (select min(d) as days from unnest(${thresholds}) as d
          where c.expires_on - ${todayDate} <= d) t
        where c.status = 'verified'
          and c.expires_on >= ${todayDate}
          and c.expires_on <= ${todayDate} + ${CREDENTIAL_REMINDER_DAYS[0]}::int
          and (c.reminded_days_before is null or c.reminded_days_before > t.days)
        order by c.expires_on, c.id
        limit ${CREDENTIAL_REMINDERS_PER_RUN}`,
    );
    for (const threshold of CREDENTIAL_REMINDER_DAYS) {
      const ids = reminders.filter((row) => row.threshold === threshold).map((row) => row.id);
      if (ids.length > 0) {
        await tx
          .update(credentials)
          .set({ remindedDaysBefore: threshold })
          .where(inArray(credentials.id, ids));
      }
    }
    const reminderMessages: NotificationMessage[] = reminders.map((row) => {
      const name = credentialName(row.kind, row.other_name);
      const required = requiredCredentialKinds[row.role].includes(row.kind);
      return {
        userId: row.user_id,
        kind: 'credential_update',
        dedupeKey: credentialReminderKey(row.id, row.expires_on, Number(row.threshold)),
        compose: (recipient) =>
          composeNotice(recipient, ctx.env.publicUrl, {
            title: credentialTexts.notices.reminderTitle(name, Number(row.days_left)),
            body: credentialTexts.notices.reminderBody(name, row.expires_on, required),
            linkPath: credentialsPath(recipient.portalPath),
            actionLabel: credentialTexts.notices.openCredentials,
          }),
      };
    });

    // The professional's latest expired credential of each required kind with none valid left.
    const expired = await queryRows<ExpiredRow>(
      tx,
      sql`select distinct on (c.professional_id, c.kind) c.id, c.professional_id, c.kind,
          c.other_name,
          (case when c.expires_on < ${todayDate} then c.expires_on else c.verified_until end)::text
            as expires_on,
          trim(p.first_name || ' ' || p.last_name) as professional_name
        from credentials c
        join professionals p on p.id = c.professional_id
        where c.expiry_notice_sent_at is null
          and (c.expires_on < ${todayDate} or c.verified_until < ${todayDate})
          and exists (select 1 from (${lapsedRequiredCredentials(sql.raw('c.professional_id'), requiredKindsOfRole(sql.raw('p.role')), todayDate)}) lapsed
            where lapsed.kind = c.kind)
        order by c.professional_id, c.kind, c.expires_on desc
        limit ${CREDENTIAL_EXPIRIES_PER_RUN}`,
    );
    const practiceMessages: NotificationMessage[] = [];
    if (expired.length > 0) {
      const professionalIds = [...new Set(expired.map((row) => row.professional_id))];
      const booked = await queryRows<BookedRow>(
        tx,
        sql`select b.professional_id, pr.id as practice_id, pr.user_id as practice_user_id,
            ${shiftSummaryColumns}
          from bookings b
          join shifts s on s.id = b.shift_id
          join practices pr on pr.id = b.practice_id
          where b.professional_id in (${sql.join(
            professionalIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
            and b.status = 'confirmed'
            and s.starts_at > ${now.toISOString()}::timestamptz
          order by s.starts_at`,
      );
      for (const credential of expired) {
        const name = credentialName(credential.kind, credential.other_name);
        const who = credential.professional_name || 'A professional';
        const byPractice = new Map<string, BookedRow[]>();
        for (const row of booked.filter((b) => b.professional_id === credential.professional_id)) {
          byPractice.set(row.practice_id, [...(byPractice.get(row.practice_id) ?? []), row]);
        }
        for (const [practiceId, rows] of byPractice) {
          practiceMessages.push({
            userId: rows[0]!.practice_user_id,
            kind: 'booked_credential_expired',
            dedupeKey: `credential-expired:${credential.id}:${practiceId}`,
            compose: (recipient) =>
              composeNotice(recipient, ctx.env.publicUrl, {
                title: credentialTexts.notices.practiceTitle(who),
                body: credentialTexts.notices.practiceBody(who, name, credential.expires_on),
                linkPath: practiceSections.schedule,
                actionLabel: credentialTexts.notices.openSchedule,
                items: rows.map((row) => {
                  const shift = toShiftSummary(row);
                  return `${shiftDay(shift.startTime)}: ${shift.position} at ${shift.location.name || shift.practiceName}`;
                }),
                details: rows.length === 1 ? shiftDetails(toShiftSummary(rows[0]!)) : undefined,
              }),
          });
        }
      }
      // Every expired credential of those kinds is noticed (an older one is not told again).
      await tx.execute(
        sql`update credentials c set expiry_notice_sent_at = ${now.toISOString()}::timestamptz
          from (values ${sql.join(
            expired.map((row) => sql`(${row.professional_id}::uuid, ${row.kind})`),
            sql`, `,
          )}) as done(professional_id, kind)
          where c.professional_id = done.professional_id and c.kind = done.kind
            and (c.expires_on < ${todayDate} or c.verified_until < ${todayDate})
            and c.expiry_notice_sent_at is null`,
      );
    }
    const delivered = await deliverNotifications(tx, [...reminderMessages, ...practiceMessages]);
    return {
      reminders: reminders.length,
      expired: expired.length,
      practicesTold: practiceMessages.length,
      emails: delivered.emails,
    };
  },
});
