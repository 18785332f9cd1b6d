import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { LATE_CANCEL_WINDOW_HOURS } from '@shared/money/pay-terms';
import {
  reliabilityWindowStart,
  toReliability,
  type ReliabilityDto,
} from '@shared/trust/reliability';
import { bookings, professionals, shifts } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import type { ProfessionalAccount } from '../professional/professional-account';
import type { ServiceContext } from '../context';

type Reader = Pick<Tx, 'select'>;

const noneYet = toReliability({ completed: 0, lateCancellations: 0, noShows: 0 });

/**
 * The reliability of many professionals in one query (the parts and rule are described in
 * @shared/trust/reliability): their completed, cancelled and no-show bookings (found by the
 * bookings_professional_idx index on professional and status) of shifts starting since 12 months
 * before `now`, counted per professional. A late cancellation is one by the professional less
 * than LATE_CANCEL_WINDOW_HOURS before the start, the window the practice's late-cancellation
 * charge uses. Every id asked about has an entry (none counted: score null).
 */
export async function readReliabilities(
  db: Reader,
  professionalIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, ReliabilityDto>> {
  const result = new Map<string, ReliabilityDto>();
  const ids = [...new Set(professionalIds)];
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      professionalId: bookings.professionalId,
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`.mapWith(
        Number,
      ),
      lateCancellations: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled'
        and ${bookings.cancelledBy} = 'professional'
        and ${bookings.cancelledAt} > ${shifts.startsAt} - make_interval(hours => ${LATE_CANCEL_WINDOW_HOURS}))`.mapWith(
        Number,
      ),
      noShows: sql<number>`count(*) filter (where ${bookings.status} = 'no_show')`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(shifts, eq(shifts.id, bookings.shiftId))
    .where(
      and(
        inArray(bookings.professionalId, ids),
        inArray(bookings.status, ['completed', 'cancelled', 'no_show']),
        gte(shifts.startsAt, reliabilityWindowStart(now)),
      ),
    )
    .groupBy(bookings.professionalId);
  for (const id of ids) result.set(id, noneYet);
  for (const { professionalId, ...parts } of rows) result.set(professionalId, toReliability(parts));
  return result;
}

/** One professional's reliability (see readReliabilities). */
export async function readReliability(
  db: Reader,
  professionalId: string,
  now: Date = new Date(),
): Promise<ReliabilityDto> {
  return (await readReliabilities(db, [professionalId], now)).get(professionalId) ?? noneYet;
}

/**
 * GET /api/professional/reliability: the caller's own (a professional without a profile record
 * yet has nothing counted).
 */
export async function ownReliability(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<ReliabilityDto> {
  const [me] = await ctx.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.userId, account.id));
  return me ? readReliability(ctx.db, me.id, now) : noneYet;
}
