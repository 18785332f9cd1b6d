import { and, eq } from 'drizzle-orm';
import { locationMessages, type LocationUpdate } from '@shared/practice/locations';
import type { LocationDto } from '@shared/practice/practice-replies';
import { locations } from '../../db/schema';
import { zipCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { withLocationConflicts } from './location-conflicts';
import { toLocationDto } from './practice-dtos';

/**
 * Edits one of the practice's own locations: only the fields the request carries change (the
 * coordinates follow a new ZIP code); whether it is the main one does not change.
 */
export async function updateLocation(
  ctx: ServiceContext,
  practiceId: string,
  locationId: string,
  input: LocationUpdate,
): Promise<LocationDto> {
  const values = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as LocationUpdate;
  const own = and(eq(locations.id, locationId), eq(locations.practiceId, practiceId));
  // A save that names no field changes nothing, not even when it was saved.
  if (Object.keys(values).length === 0) {
    const [kept] = await ctx.db.select().from(locations).where(own);
    if (!kept) throw new DomainError(404, 'location_not_found', locationMessages.notFound);
    return toLocationDto(kept);
  }
  const [row] = await withLocationConflicts(locationMessages.updateFailed, () =>
    ctx.db
      .update(locations)
      .set({
        ...values,
        ...(values.zipCode !== undefined ? zipCoordinates(values.zipCode) : {}),
        updatedAt: new Date(),
      })
      .where(own)
      .returning(),
  );
  if (!row) throw new DomainError(404, 'location_not_found', locationMessages.notFound);
  return toLocationDto(row);
}
