import { and, eq, ne } from 'drizzle-orm';
import { locationMessages } from '@shared/practice/locations';
import type { LocationDto } from '@shared/practice/practice-replies';
import { locations, practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { selectLocations } from './list-locations';
import { withLocationConflicts } from './location-conflicts';

/**
 * Makes one of the practice's locations its main location: clears the flag on the others and
 * sets it on this one in one transaction (the database checks at commit that exactly one is
 * main). Locking the practice row first makes concurrent make-main requests of one practice
 * take turns (without it they deadlock or trip the one-main index on PostgreSQL).
 */
export async function makeMainLocation(
  ctx: ServiceContext,
  practiceId: string,
  locationId: string,
): Promise<LocationDto[]> {
  return withLocationConflicts(locationMessages.makeMainFailed, () =>
    ctx.db.transaction(async (tx) => {
      await tx
        .select({ id: practices.id })
        .from(practices)
        .where(eq(practices.id, practiceId))
        .for('no key update');
      const [target] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, locationId), eq(locations.practiceId, practiceId)));
      if (!target) throw new DomainError(404, 'location_not_found', locationMessages.notFound);
      const now = ctx.clock.now();
      await tx
        .update(locations)
        .set({ isMainLocation: false, updatedAt: now })
        .where(
          and(
            eq(locations.practiceId, practiceId),
            eq(locations.isMainLocation, true),
            ne(locations.id, locationId),
          ),
        );
      await tx
        .update(locations)
        .set({ isMainLocation: true, updatedAt: now })
        .where(and(eq(locations.id, locationId), eq(locations.practiceId, practiceId)));
      return selectLocations(tx, practiceId);
    }),
  );
}
