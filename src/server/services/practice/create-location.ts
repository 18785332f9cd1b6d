import type { locationSchema } from '@shared/practice/locations';
import type { LocationDto } from '@shared/practice/practice-replies';
import { locationMessages } from '@shared/practice/locations';
import type { z } from 'zod';
import { locations } from '../../db/schema';
import { zipCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { withLocationConflicts } from './location-conflicts';
import { toLocationDto } from './practice-dtos';

export type LocationFields = z.output<typeof locationSchema>;

/** Adds a location to a practice; a new location is never the main one (make-main does that). */
export async function createLocation(
  ctx: ServiceContext,
  practiceId: string,
  input: LocationFields,
): Promise<LocationDto> {
  const [row] = await withLocationConflicts(locationMessages.addFailedPrefix, () =>
    ctx.db
      .insert(locations)
      .values({ ...input, ...zipCoordinates(input.zipCode), practiceId, isMainLocation: false })
      .returning(),
  );
  return toLocationDto(row!);
}
