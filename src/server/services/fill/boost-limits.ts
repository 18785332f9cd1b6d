import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  BOOSTS_PER_PRACTICE_DAY,
  BOOSTS_PER_SHIFT,
  URGENT_WITHIN_HOURS,
  URGENTS_PER_PRACTICE_DAY,
  URGENTS_PER_SHIFT,
  WIDENS_PER_SHIFT,
  type BoostKind,
} from '@shared/fill/boost-constants';
import { boostMessages } from '@shared/fill/boost-texts';
import type { BoostsLeftDto, ShiftBoostsDto } from '@shared/fill/boosts';
import { practiceDateOf } from '@shared/practice/shift-dates';
import type { Database } from '../../db/client';
import { shiftBoosts } from '../../db/schema';

/** The boosts a shift and its practice have used: the shift's by kind, the practice's today. */
export interface BoostsUsed {
  shift: number;
  widen: number;
  urgent: number;
  today: number;
  urgentToday: number;
}

/** The New Jersey day of `now` (the market clock): the day a practice's daily limits count. */
export function boostDayOf(now: Date): string {
  return practiceDateOf(now);
}

/** What `practiceId` and its shift `shiftId` have used, in one statement. */
export async function boostsUsed(
  db: Database,
  practiceId: string,
  shiftId: string,
  now: Date,
): Promise<BoostsUsed> {
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const [row] = await db
    .select({
      shift: count(sql`${shiftBoosts.shiftId} = ${shiftId}`),
      widen: count(sql`${shiftBoosts.shiftId} = ${shiftId} and ${shiftBoosts.kind} = 'widen'`),
      urgent: count(sql`${shiftBoosts.shiftId} = ${shiftId} and ${shiftBoosts.kind} = 'urgent'`),
      today: count(sql`${shiftBoosts.day} = ${boostDayOf(now)}`),
      urgentToday: count(
        sql`${shiftBoosts.day} = ${boostDayOf(now)} and ${shiftBoosts.kind} = 'urgent'`,
      ),
    })
    .from(shiftBoosts)
    .where(
      and(
        eq(shiftBoosts.practiceId, practiceId),
        sql`(${shiftBoosts.shiftId} = ${shiftId} or ${shiftBoosts.day} = ${boostDayOf(now)})`,
      ),
    );
  return {
    shift: Number(row?.shift ?? 0),
    widen: Number(row?.widen ?? 0),
    urgent: Number(row?.urgent ?? 0),
    today: Number(row?.today ?? 0),
    urgentToday: Number(row?.urgentToday ?? 0),
  };
}

/** What is left: boosts for the shift and for the practice today, urgent ones today. */
export function boostsLeft(used: BoostsUsed): BoostsLeftDto {
  return {
    shift: Math.max(BOOSTS_PER_SHIFT - used.shift, 0),
    today: Math.max(BOOSTS_PER_PRACTICE_DAY - used.today, 0),
    urgentToday: Math.max(URGENTS_PER_PRACTICE_DAY - used.urgentToday, 0),
  };
}

/** Whether the shift starting at `startsAt` may be marked urgent at `now` (within 24 hours). */
export function withinUrgentWindow(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() <= URGENT_WITHIN_HOURS * 3_600_000;
}

/**
 * Why a boost of `kind` is refused now (the message, boostMessages' words), or null when it may
 * go ahead as far as the limits go: the shift's and the practice's day's limits first, then the
 * kind's own (one widen, one urgent, urgent only within 24 hours of the start, three urgent a
 * day). The shift being open is checked before.
 */
export function boostRefusal(
  kind: BoostKind,
  used: BoostsUsed,
  startsAt: Date,
  now: Date,
): { code: string; message: string } | null {
  if (used.shift >= BOOSTS_PER_SHIFT) {
    return { code: 'boost_shift_limit', message: boostMessages.shiftLimit };
  }
  if (used.today >= BOOSTS_PER_PRACTICE_DAY) {
    return { code: 'boost_day_limit', message: boostMessages.practiceDayLimit };
  }
  if (kind === 'widen' && used.widen >= WIDENS_PER_SHIFT) {
    return { code: 'boost_widened_already', message: boostMessages.widenedAlready };
  }
  if (kind === 'urgent') {
    if (used.urgent >= URGENTS_PER_SHIFT) {
      return { code: 'boost_urgent_already', message: boostMessages.urgentAlready };
    }
    if (!withinUrgentWindow(startsAt, now)) {
      return { code: 'boost_urgent_too_early', message: boostMessages.urgentTooEarly };
    }
    if (used.urgentToday >= URGENTS_PER_PRACTICE_DAY) {
      return { code: 'boost_urgent_day_limit', message: boostMessages.urgentDayLimit };
    }
  }
  return null;
}

/** The GET answer's `available` and `urgentUnavailable` for an open shift. */
export function boostAvailability(
  used: BoostsUsed,
  startsAt: Date,
  now: Date,
): Pick<ShiftBoostsDto, 'available' | 'urgentUnavailable'> {
  const urgentUnavailable: ShiftBoostsDto['urgentUnavailable'] =
    used.urgent >= URGENTS_PER_SHIFT
      ? 'done'
      : !withinUrgentWindow(startsAt, now)
        ? 'too_early'
        : used.urgentToday >= URGENTS_PER_PRACTICE_DAY
          ? 'day_limit'
          : null;
  return {
    available: {
      rate: boostRefusal('rate', used, startsAt, now) === null,
      widen: boostRefusal('widen', used, startsAt, now) === null,
      urgent: boostRefusal('urgent', used, startsAt, now) === null,
    },
    urgentUnavailable,
  };
}
