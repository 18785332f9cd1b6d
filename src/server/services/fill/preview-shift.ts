import { and, eq } from 'drizzle-orm';
import { dayTypeOf } from '@shared/fill/market-rate-constants';
import type { ShiftPreviewDto, ShiftPreviewQuery } from '@shared/fill/shift-preview';
import { locationMessages } from '@shared/practice/locations';
import { locations } from '../../db/schema';
import { locationCoordinates } from '../../geo/zip-centroids';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { postableTimes } from '../practice/create-shifts';
import { countPlannedReach } from './count-planned-reach';
import { marketBand } from './market-band';

/**
 * What a shift the practice is filling in would meet, as GET /api/practice/shift-preview sends
 * it: the market rate band of its role, area and day type (market-band.ts), and how many verified
 * professionals it would reach at the rate typed and at the band's rates (count-planned-reach.ts).
 * Nothing is stored or posted. The location must be the practice's (404 otherwise, as an unknown
 * one); the date and times follow the posting's rules (400 with the posting's messages).
 */
export async function previewShift(
  ctx: ServiceContext,
  practiceId: string,
  query: ShiftPreviewQuery,
  now: Date = ctx.clock.now(),
): Promise<ShiftPreviewDto> {
  const [location] = await ctx.db
    .select({
      latitude: locations.latitude,
      longitude: locations.longitude,
      zipCode: locations.zipCode,
    })
    .from(locations)
    .where(and(eq(locations.id, query.locationId), eq(locations.practiceId, practiceId)));
  if (!location) throw new DomainError(404, 'location_not_found', locationMessages.notFound);
  const [times] = postableTimes({ ...query, dates: [query.date] }, now, 'date');
  const site = locationCoordinates(location);

  const band = await marketBand(
    ctx.db,
    { practiceId, ...site, position: query.position, dayType: dayTypeOf(query.date) },
    now,
  );
  const bandRates = band ? [band.p25Cents, band.p50Cents, band.p75Cents] : [];
  const rates = [...new Set([query.rateCents, ...bandRates])].sort((a, b) => a - b);
  const reach = await countPlannedReach(
    ctx.db,
    {
      practiceId,
      position: query.position,
      ...site,
      startsAt: times!.start,
      endsAt: times!.end,
      requirements: query.requirements,
    },
    rates,
  );
  return {
    band,
    reach: rates.map((rateCents) => ({
      rateCents,
      reach: reach.get(rateCents) ?? 0,
      asked: rateCents === query.rateCents,
    })),
  };
}
