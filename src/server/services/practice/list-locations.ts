import { asc, desc, eq, sql } from 'drizzle-orm';
import type { LocationDto } from '@shared/practice/practice-replies';
import type { Database } from '../../db/client';
import { locations } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toLocationDto } from './practice-dtos';

/** A practice's locations: the main location first, then by name. */
export async function listLocations(
  ctx: ServiceContext,
  practiceId: string,
): Promise<LocationDto[]> {
  return selectLocations(ctx.db, practiceId);
}

/** Also used inside transactions (make-main answers the list it just changed). */
export async function selectLocations(db: Database, practiceId: string): Promise<LocationDto[]> {
  const rows = await db
    .select()
    .from(locations)
    .where(eq(locations.practiceId, practiceId))
    .orderBy(
      desc(locations.isMainLocation),
      sql`lower(${locations.name})`,
      asc(locations.name),
      asc(locations.createdAt),
      asc(locations.id),
    );
  return rows.map(toLocationDto);
}
