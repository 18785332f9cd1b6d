import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { practiceDateOf } from '@shared/practice/shift-dates';
import { queryRows, type Database } from '../db/client';
import { sqlArray } from '../db/sql-arrays';

/**
 * The daily cap on shift alerts (decision record 050): each professional is sent at most
 * `professionals.daily_alert_cap` shift alerts a New Jersey day on the market clock, counted in
 * `alert_days`. deliverNotifications claims a slot for each alert in the delivering transaction;
 * the senders leave out the professionals with no slot left (`hasAlertSlotLeft`), so what they
 * record as told (match_notices) is what was sent.
 */

/** The New Jersey calendar day ('yyyy-MM-dd') of a market time: the day alerts count against. */
export function alertDayOf(now: Date): string {
  return practiceDateOf(now);
}

/**
 * True while the professional (`professionalId`, their `daily_alert_cap` column `cap`) has a
 * slot left on the New Jersey day of `now`: fewer alerts sent that day than their cap.
 */
export function hasAlertSlotLeft(professionalId: SQLWrapper, cap: SQLWrapper, now: Date): SQL {
  return sql`not exists (select 1 from alert_days ad
    where ad.professional_id = ${professionalId} and ad.day = ${alertDayOf(now)}::date
      and ad.sent >= ${cap})`;
}

/**
 * Claims one slot of `day` for each of `userIds` (distinct) who has one left: one statement, an
 * upsert that adds one only while the day's count is under the professional's cap. Concurrent
 * claims for one professional wait on the row and each sees the other's count, so however many
 * deliveries run at once the count never passes the cap. Rows are taken in id order, so two
 * claims never wait on each other crosswise. Answers the users granted a slot.
 */
async function claimOneSlotEach(
  db: Database,
  userIds: readonly string[],
  day: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`with claimed as (
        insert into alert_days as a (professional_id, day, sent)
        select p.id, ${day}::date, 1 from professionals p
        where p.user_id = any(${sqlArray(userIds, 'uuid')})
        order by p.id
        on conflict (professional_id, day) do update set sent = a.sent + 1
        where a.sent < (select c.daily_alert_cap from professionals c where c.id = a.professional_id)
        returning a.professional_id
      )
      select p.user_id from claimed join professionals p on p.id = claimed.professional_id`,
  );
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Claims slots of the New Jersey day of `now` for alerts to `userIds` (one entry per alert; a
 * user may appear several times): one round per alert a user has beyond the first, so a round
 * is one claimOneSlotEach over the users still wanting one. Usually one round. Answers how many
 * slots each user got.
 */
export async function claimAlertSlots(
  db: Database,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const day = alertDayOf(now);
  const wanted = new Map<string, number>();
  for (const userId of userIds) wanted.set(userId, (wanted.get(userId) ?? 0) + 1);
  const granted = new Map<string, number>();
  let asking = [...wanted.keys()];
  for (let round = 0; asking.length > 0; round++) {
    const got = await claimOneSlotEach(db, asking, day);
    for (const userId of got) granted.set(userId, (granted.get(userId) ?? 0) + 1);
    // Only those who got this round's slot and want another ask again.
    asking = asking.filter((userId) => got.has(userId) && wanted.get(userId)! > round + 1);
  }
  return granted;
}

/**
 * Gives back slots claimed for alerts that were not delivered after all (one entry per slot):
 * a bell entry another delivery of the same notice inserted meanwhile.
 */
export async function releaseAlertSlots(
  db: Database,
  userIds: readonly string[],
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`update alert_days a set sent = a.sent - r.slots
    from (
      select p.id, count(*)::int as slots
      from unnest(${sqlArray(userIds, 'uuid')}) as u(user_id)
      join professionals p on p.user_id = u.user_id
      group by p.id
    ) r
    where a.professional_id = r.id and a.day = ${alertDayOf(now)}::date`);
}

/** How many shift alerts the professional was sent on the New Jersey day of `now`. */
export async function alertsSentOn(
  db: Database,
  professionalId: string,
  now: Date,
): Promise<number> {
  const [row] = await queryRows<{ sent: number }>(
    db,
    sql`select sent from alert_days
      where professional_id = ${professionalId}::uuid and day = ${alertDayOf(now)}::date`,
  );
  return Number(row?.sent ?? 0);
}

/** Days of alert counts kept before the New Jersey day of now: today's is the one the cap reads. */
export const ALERT_DAYS_KEPT = 7;

/**
 * Deletes the alert counts of days more than ALERT_DAYS_KEPT before the New Jersey day of `now`
 * (the cap only ever reads today's); answers how many rows went.
 */
export async function deletePastAlertDays(db: Database, now: Date): Promise<number> {
  const rows = await queryRows<{ professional_id: string }>(
    db,
    sql`delete from alert_days
      where day < ${alertDayOf(now)}::date - ${ALERT_DAYS_KEPT}::int
      returning professional_id`,
  );
  return rows.length;
}
