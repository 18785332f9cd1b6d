import { and, eq } from 'drizzle-orm';
import { addDays, practiceDateOf } from '@shared/practice/shift-dates';
import { newShiftSchema, type NewShiftInput } from '@shared/practice/shifts';
import type { ServiceContext } from '../../services/context';
import { createShifts } from '../../services/practice/create-shifts';
import { locations } from '../schema';

/** The practice-calendar date `days` from today ('yyyy-MM-dd', America/New_York). */
export function practiceDateFromToday(days: number, now: Date = new Date()): string {
  return addDays(practiceDateOf(now), days);
}

/**
 * Posts a staffing request through the same validation and service as the API: by default one
 * Hygienist shift tomorrow, 08:00 to 16:00 at $55.00/h, at the practice's main location.
 * Tests and the demo override what they need; `now` sets the clock the rules are checked with.
 */
export async function seedShifts(
  ctx: ServiceContext,
  practiceId: string,
  overrides: Partial<NewShiftInput> = {},
  now: Date = ctx.clock.now(),
) {
  let locationId = overrides.locationId;
  if (locationId === undefined) {
    const [main] = await ctx.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.practiceId, practiceId), eq(locations.isMainLocation, true)));
    locationId = main!.id;
  }
  const input = newShiftSchema.parse({
    position: 'Hygienist',
    dates: [practiceDateFromToday(1, now)],
    startTime: '08:00',
    endTime: '16:00',
    rate: '55.00',
    breakMinutes: 30,
    timePerPatient: 30,
    notes: '',
    ...overrides,
    locationId,
  });
  return createShifts(ctx, practiceId, input, now);
}
