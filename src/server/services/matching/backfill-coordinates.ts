import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locations, professionals, shifts } from '../../db/schema';
import { zipCentroid } from '../../geo/zip-centroids';

export interface BackfillCounts {
  professionals: number;
  locations: number;
  shifts: number;
}

/**
 * One-off, idempotent and cheap at start-up: fills the ZIP-centroid coordinates of the rows saved
 * before coordinates were kept (only rows with a ZIP code and no coordinates are read, one update
 * per distinct ZIP). Shifts take their location's coordinates, else their own ZIP's centroid.
 * ZIP codes the offline data set does not know stay without coordinates (they match nothing).
 */
export async function backfillCoordinates(db: Database): Promise<BackfillCounts> {
  const counts: BackfillCounts = { professionals: 0, locations: 0, shifts: 0 };

  const homeZips = await db
    .selectDistinct({ zip: professionals.homeZipCode })
    .from(professionals)
    .where(and(ne(professionals.homeZipCode, ''), isNull(professionals.homeLatitude)));
  for (const { zip } of homeZips) {
    const centroid = zipCentroid(zip);
    if (!centroid) continue;
    const updated = await db
      .update(professionals)
      .set({ homeLatitude: centroid.latitude, homeLongitude: centroid.longitude })
      .where(and(eq(professionals.homeZipCode, zip), isNull(professionals.homeLatitude)))
      .returning({ id: professionals.id });
    counts.professionals += updated.length;
  }

  const locationZips = await db
    .selectDistinct({ zip: locations.zipCode })
    .from(locations)
    .where(and(ne(locations.zipCode, ''), isNull(locations.latitude)));
  for (const { zip } of locationZips) {
    const centroid = zipCentroid(zip);
    if (!centroid) continue;
    const updated = await db
      .update(locations)
      .set({ latitude: centroid.latitude, longitude: centroid.longitude })
      .where(and(eq(locations.zipCode, zip), isNull(locations.latitude)))
      .returning({ id: locations.id });
    counts.locations += updated.length;
  }

  const fromLocations = await db
    .update(shifts)
    .set({ latitude: sql`${locations.latitude}`, longitude: sql`${locations.longitude}` })
    .from(locations)
    .where(
      and(
        eq(shifts.locationId, locations.id),
        isNull(shifts.latitude),
        sql`${locations.latitude} is not null`,
        sql`${locations.longitude} is not null`,
      ),
    )
    .returning({ id: shifts.id });
  counts.shifts += fromLocations.length;

  const shiftZips = await db
    .selectDistinct({ zip: shifts.locationZipCode })
    .from(shifts)
    .where(and(ne(shifts.locationZipCode, ''), isNull(shifts.latitude)));
  for (const { zip } of shiftZips) {
    const centroid = zipCentroid(zip);
    if (!centroid) continue;
    const updated = await db
      .update(shifts)
      .set({ latitude: centroid.latitude, longitude: centroid.longitude })
      .where(and(eq(shifts.locationZipCode, zip), isNull(shifts.latitude)))
      .returning({ id: shifts.id });
    counts.shifts += updated.length;
  }
  return counts;
}
