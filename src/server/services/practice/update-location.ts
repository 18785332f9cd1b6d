import { and, eq } from 'drizzle-orm';
import { locationMessages, type LocationDto } from '@shared/practice/locations';
import { locations } from '../../db/schema';
import { zipCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import type { LocationFields } from './create-location';
import { withLocationConflicts } from './location-conflicts';
import { toLocationDto } from './practice-dtos';

/** Edits one of the practice's own locations; whether it is the main one does not change. */
export async function updateLocation(
  ctx: ServiceContext,
  practiceId: string,
  locationId: string,
  input: LocationFields,
): Promise<LocationDto> {
  const [row] = await withLocationConflicts(locationMessages.updateFailed, () =>
    ctx.db
      .update(locations)
      .set({ ...input, ...zipCoordinates(input.zipCode), updatedAt: new Date() })
      .where(and(eq(locations.id, locationId), eq(locations.practiceId, practiceId)))
      .returning(),
  );
  if (!row) throw new DomainError(404, 'location_not_found', locationMessages.notFound);
  return toLocationDto(row);
}
