import { sql } from 'drizzle-orm';
import type { ShiftSummaryDto } from '@shared/marketplace/bookings';
import { queryRows } from '../db/client';
import {
  deliverNotifications,
  type NotificationMessage,
} from '../notifications/deliver-notifications';
import { composeNotice, professionalSections } from '../notifications/marketplace-messages';
import { hourlyRate, shiftDay, shiftHours } from '../notifications/shift-wording';
import {
  fittingWindows,
  isOpenFutureShift,
  meetsMinimumRate,
  professional,
  professionalShiftPosition,
  shift,
  shiftDistanceMiles,
  withinBoundingBox,
} from '../services/matching/eligibility-sql';
import { lockedJob } from './job-lock';
import { shiftSummaryColumns, toShiftSummary, type ShiftSummaryRow } from './shift-row';

/** At most one digest per professional this often. */
export const DIGEST_MIN_GAP_MINUTES = 60;
/**
 * Only shifts posted in the last day are new: a professional who just completed their profile or
 * was just verified is not sent every open shift of the past months (Find Shifts shows those), and
 * each run reads a day of postings at most, however large the market.
 */
export const DIGEST_LOOKBACK_HOURS = 24;
/** The e-mail lists this many shifts, then says how many more there are. */
const LISTED_IN_EMAIL = 10;
const LISTED_IN_BELL = 3;

interface NoticedRow extends ShiftSummaryRow {
  professional_id: string;
  user_id: string;
}

/** One line per shift: 'Hygienist · Tue, Dec 8 · 8:00 AM – 4:00 PM · Harbor Dental Care, Paramus · $55.00/h'. */
export function digestLine(shift: ShiftSummaryDto): string {
  return [
    shift.position,
    shiftDay(shift.startTime),
    shiftHours(shift.startTime, shift.endTime),
    [shift.practiceName, shift.location.name].filter(Boolean).join(', '),
    hourlyRate(shift.rateCents),
  ].join(' · ');
}

/**
 * Every 5 minutes: tells verified professionals with a complete matching profile about the open
 * future shifts that fit them (the Find Shifts rules of eligibility-sql.ts: position, distance
 * within their travel distance, minimum rate, availability window) posted since they were last
 * told and not told before (and in the last DIGEST_LOOKBACK_HOURS), at most once an hour each. One INSERT ... SELECT records every such
 * shift in match_notices (for all professionals at once); then each professional gets ONE bell
 * entry and ONE e-mail listing theirs. Notices are recorded for professionals who turned the
 * e-mail off too, so those shifts never come back in a later e-mail.
 */
export const matchingShiftsDigestJob = lockedJob({
  name: 'matching-shifts-digest',
  intervalMs: 5 * 60_000,
  async run(tx, ctx, now) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const travel = sql`p.travel_distance_miles::double precision`;
    const noticed = await queryRows<NoticedRow>(
      tx,
      sql`with recent as materialized (
            select s.* from shifts s
            where s.status = 'open'
              and s.created_at > ${at} - make_interval(hours => ${DIGEST_LOOKBACK_HOURS})
              and ${isOpenFutureShift(now)}
          ), last_told as (
            select professional_id, max(noticed_at) as told_at
            from match_notices group by professional_id
          ), fresh as (
            select p.id as professional_id, s.id as shift_id
            from professionals p
            left join last_told lt on lt.professional_id = p.id
            join recent s
              on s.position = ${professionalShiftPosition}
              and s.latitude is not null and s.longitude is not null
              and ${withinBoundingBox(shift.latitude, shift.longitude, professional.latitude, professional.longitude, travel)}
              and ${shiftDistanceMiles} <= ${travel}
              and ${meetsMinimumRate}
              and exists (select 1 from ${fittingWindows})
              and s.created_at > coalesce(lt.told_at, '-infinity'::timestamptz)
            where p.status = 'verified'
              and p.home_latitude is not null and p.home_longitude is not null
              and p.travel_distance_miles is not null
              and (lt.told_at is null
                or lt.told_at <= ${at} - make_interval(mins => ${DIGEST_MIN_GAP_MINUTES}))
              and not exists (
                select 1 from match_notices mn
                where mn.professional_id = p.id and mn.shift_id = s.id)
          ), recorded as (
            insert into match_notices (professional_id, shift_id, noticed_at)
            select professional_id, shift_id, ${at} from fresh
            on conflict do nothing
            returning professional_id, shift_id
          )
          select r.professional_id, p.user_id, ${shiftSummaryColumns}
          from recorded r
          join professionals p on p.id = r.professional_id
          join shifts s on s.id = r.shift_id
          join practices pr on pr.id = s.practice_id
          order by r.professional_id, s.starts_at`,
    );
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
          return composeNotice(recipient, ctx.env.publicUrl, {
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
          });
        },
      }),
    );
    const delivered = await deliverNotifications(tx, messages);
    return {
      professionals: byProfessional.size,
      shifts: noticed.length,
      emails: delivered.emails,
    };
  },
});
