import { and, eq } from 'drizzle-orm';
import { locationMessages } from '@shared/practice/locations';
import { locations } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { withLocationConflicts } from './location-conflicts';

/**
 * Deletes one of the practice's locations, never the main one (409). Shifts posted there keep
 * the location's name and address as posted; their link to it is cleared by the database.
 */
export async function deleteLocation(
  ctx: ServiceContext,
  practiceId: string,
  locationId: string,
): Promise<void> {
  const owned = and(eq(locations.id, locationId), eq(locations.practiceId, practiceId));
  // One statement: the main flag is checked on the row as it is when it is deleted.
  const deleted = await withLocationConflicts(locationMessages.deleteFailed, () =>
    ctx.db
      .delete(locations)
      .where(and(owned, eq(locations.isMainLocation, false)))
      .returning({ id: locations.id }),
  );
  if (deleted.length > 0) return;
  const [existing] = await ctx.db.select({ id: locations.id }).from(locations).where(owned);
  if (existing) throw new DomainError(409, 'main_location', locationMessages.cannotDeleteMain);
  throw new DomainError(404, 'location_not_found', locationMessages.notFound);
}
