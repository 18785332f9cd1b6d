import { and, eq, sql } from 'drizzle-orm';
import { shiftPositionByRole } from '@shared/matching/shift-board-constants';
import { favouriteTexts, type MyProfessionalDto } from '@shared/trust/favourites';
import type { ProfessionalRole } from '@shared/accounts';
import { favourites } from '../../db/schema';
import { hasAlertSlotLeft } from '../../notifications/alert-slots';
import { queryRows, type Database } from '../../db/client';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import type { Tx } from '../marketplace/db-transaction';
import { professionalName } from '../marketplace/marketplace-actors';
import { practiceOpenTo } from '../matching/eligibility-sql';

/**
 * A booking (alias `b`, its shift `s`) the professional worked: completed (its hours approved), or
 * still confirmed on a shift that has ended by `now` (hours not yet approved). A booking still to come, a
 * cancelled one and a no-show are not shifts worked.
 */
const workedBooking = (now: Date) =>
  sql`(b.status = 'completed' or (b.status = 'confirmed' and s.ends_at <= ${now.toISOString()}::timestamptz))`;

const notFound = () => new DomainError(404, 'professional_not_found', favouriteTexts.notFound);

interface MyProfessionalRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: ProfessionalRole;
  favourite: boolean;
  shifts_worked: number;
  last_shift_at: Date | string | null;
  average_rating: number | null;
}

/**
 * The professionals a practice worked with: everyone booked on one of its shifts (confirmed,
 * completed or reported as a no-show), with how many shifts they worked (`workedBooking`), the
 * last one, the practice's own
 * average rating of them and whether they are a favourite. Professionals blocked either way are
 * left out (the practice cannot offer them anything). Favourites first, then the most recent.
 */
export async function listMyProfessionals(
  ctx: ServiceContext,
  practiceId: string,
  professionalIds?: readonly string[],
  now: Date = ctx.clock.now(),
): Promise<MyProfessionalDto[]> {
  const only =
    professionalIds === undefined
      ? sql``
      : sql`and b.professional_id = any(${`{${professionalIds.join(',')}}`}::uuid[])`;
  const rows = await queryRows<MyProfessionalRow>(
    ctx.db,
    sql`with worked as (
        select b.professional_id,
          (count(*) filter (where ${workedBooking(now)}))::int as shifts_worked, max(s.starts_at) as last_shift_at
        from bookings b join shifts s on s.id = b.shift_id
        where b.practice_id = ${practiceId}::uuid
          and b.status in ('confirmed', 'completed', 'no_show') ${only}
        group by b.professional_id
      )
      select p.id, p.first_name, p.last_name, p.email, p.role,
        (f.professional_id is not null) as favourite,
        w.shifts_worked, w.last_shift_at,
        (select round(avg(r.stars)::numeric, 1)::float8 from ratings r
          where r.practice_id = ${practiceId}::uuid and r.professional_id = p.id
            and r.rater_side = 'practice') as average_rating
      from worked w
      join professionals p on p.id = w.professional_id
      left join favourites f on f.practice_id = ${practiceId}::uuid and f.professional_id = p.id
      where not exists (select 1 from blocks bl
        where bl.practice_id = ${practiceId}::uuid and bl.professional_id = p.id)
      order by (f.professional_id is null), w.last_shift_at desc, p.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: professionalName({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    }),
    position: shiftPositionByRole[row.role],
    favourite: Boolean(row.favourite),
    shiftsWorked: Number(row.shifts_worked),
    lastShiftAt: row.last_shift_at === null ? null : new Date(row.last_shift_at).toISOString(),
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
  }));
}

/** 404 unless the practice worked with this professional and neither side blocked the other. */
async function assertWorkedWith(db: Database, practiceId: string, professionalId: string) {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`select true as ok from bookings b
      where b.practice_id = ${practiceId}::uuid and b.professional_id = ${professionalId}::uuid
        and b.status in ('confirmed', 'completed', 'no_show')
        and not exists (select 1 from blocks bl
          where bl.practice_id = b.practice_id and bl.professional_id = b.professional_id)
      limit 1`,
  );
  if (rows.length === 0) throw notFound();
}

/** Marks (or unmarks) a professional the practice worked with as a favourite; again: no change. */
export async function setFavourite(
  ctx: ServiceContext,
  practiceId: string,
  professionalId: string,
  favourite: boolean,
): Promise<MyProfessionalDto> {
  if (favourite) {
    await assertWorkedWith(ctx.db, practiceId, professionalId);
    await ctx.db.insert(favourites).values({ practiceId, professionalId }).onConflictDoNothing();
  } else {
    await ctx.db
      .delete(favourites)
      .where(
        and(eq(favourites.practiceId, practiceId), eq(favourites.professionalId, professionalId)),
      );
  }
  const [professional] = await listMyProfessionals(ctx, practiceId, [professionalId]);
  if (!professional) throw notFound();
  return professional;
}

/**
 * The favourites of a practice who may be offered a shift of `position` (verified, not blocked)
 * and may still be sent a shift alert on the New Jersey day of `now` (their daily cap,
 * alert-slots.ts: the others hear of it when it opens to everyone, by the backfill).
 */
export async function favouritesFor(
  tx: Tx,
  practiceId: string,
  position: string,
  now: Date,
): Promise<Array<{ professionalId: string; userId: string }>> {
  return queryRows<{ professionalId: string; userId: string }>(
    tx,
    sql`select p.id as "professionalId", p.user_id as "userId"
      from favourites f join professionals p on p.id = f.professional_id
      where f.practice_id = ${practiceId}::uuid and p.status = 'verified'
        and (case p.role when 'hygienist' then 'Hygienist' when 'assistant' then 'Dental Assistant'
          when 'front-desk' then 'Front Desk' end) = ${position}
        and ${practiceOpenTo(sql`f.practice_id`, sql`f.professional_id`)}
        and ${hasAlertSlotLeft(sql`p.id`, sql`p.daily_alert_cap`, now)}`,
  );
}

/** Whether the practice has any favourite at all (a favourites-first posting needs one). */
export async function hasFavourites(tx: Tx, practiceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(favourites)
    .where(eq(favourites.practiceId, practiceId))
    .limit(1);
  return Boolean(row);
}
