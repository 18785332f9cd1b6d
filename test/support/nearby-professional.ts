import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { professionals } from '../../src/server/db/schema';
import { homeCoordinates } from '../../src/server/geo/zip-centroids';
import { weekDays } from '../../src/shared/professional/availability';

/**
 * Makes a professional fit every shift the seeded practices post: home in Hackensack (07601, where
 * they are), 30 miles of travel, no minimum rate, available any day from 7 to 6.
 */
export async function fitEveryNearbyShift(db: Database, professionalId: string): Promise<void> {
  await db
    .update(professionals)
    .set({
      homeZipCode: '07601',
      ...homeCoordinates('07601'),
      travelDistanceMiles: 30,
      minimumRateCents: 0,
      availability: weekDays.map((day) => ({ day, startTime: '07:00', endTime: '18:00' })),
    })
    .where(eq(professionals.id, professionalId));
}
