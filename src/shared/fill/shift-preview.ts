import { z } from 'zod';
import { newShiftSchema, shiftPositions, type ShiftPosition } from '../practice/shifts';
import type { ShiftRequirementKey } from '../trust/requirements-constants';
import { marketDayTypes } from './market-rate-constants';

/**
 * GET /api/practice/shift-preview: what a shift not posted yet would meet, as the new-shift form
 * asks while it is filled in: the market rate band of its role, area and day type, and how many
 * verified professionals it would reach at its rate and at the band's rates.
 */

/** Requirements in a query: their keys joined by commas (no key has one). */
export const REQUIREMENTS_SEPARATOR = ',';

/**
 * The query: the new-shift form's fields the preview needs, as text. Checked by newShiftSchema
 * itself (the same rules, in the same order, with the same messages), with one date: the form
 * sends the earliest it has.
 */
export const shiftPreviewQuerySchema = z
  .object({
    position: z.string().default(''),
    date: z.string().default(''),
    startTime: z.string().default(''),
    endTime: z.string().default(''),
    rate: z.string().default(''),
    locationId: z.string().default(''),
    requirements: z.string().default(''),
  })
  .transform((query, ctx) => {
    const requirements = query.requirements ? query.requirements.split(REQUIREMENTS_SEPARATOR) : [];
    const shift = newShiftSchema.safeParse({
      position: query.position,
      dates: [query.date],
      startTime: query.startTime,
      endTime: query.endTime,
      rate: query.rate,
      locationId: query.locationId,
      requirements,
    });
    if (!shift.success) {
      const issue = shift.error.issues[0]!;
      const field = issue.path[0] === 'dates' ? 'date' : String(issue.path[0] ?? '');
      ctx.addIssue({ code: 'custom', message: issue.message, path: field ? [field] : [] });
      return z.NEVER;
    }
    const { position, dates, startTime, endTime, rateCents, locationId } = shift.data;
    return {
      position,
      date: dates[0]!,
      startTime,
      endTime,
      rateCents,
      locationId,
      requirements: shift.data.requirements,
    };
  });

export type ShiftPreviewQueryInput = z.input<typeof shiftPreviewQuerySchema>;
export type ShiftPreviewQuery = z.output<typeof shiftPreviewQuerySchema>;

/** The query as the form sends it (every field as text). */
export function shiftPreviewQueryOf(fields: {
  position: ShiftPosition | string;
  date: string;
  startTime: string;
  endTime: string;
  rate: string;
  locationId: string;
  requirements: readonly (ShiftRequirementKey | string)[];
}): Required<ShiftPreviewQueryInput> {
  return {
    position: fields.position,
    date: fields.date,
    startTime: fields.startTime,
    endTime: fields.endTime,
    rate: fields.rate,
    locationId: fields.locationId,
    requirements: fields.requirements.join(REQUIREMENTS_SEPARATOR),
  };
}

const cents = z.number().int();
const count = z.number().int().min(0);

export const marketBandReply = z
  .object({
    /** The 25th, 50th and 75th percentiles of the filled shifts' rates, in whole dollars. */
    p25Cents: cents,
    p50Cents: cents,
    p75Cents: cents,
    /** How many filled shifts, and of how many practices, it rests on (never the asker's own). */
    shifts: count,
    practices: count,
    /** Whose shifts: the position asked. */
    position: z.enum(shiftPositions),
    /** The area: shifts within this many miles of the location. */
    radiusMiles: count,
    /** The filled shifts' bookings were made in these last days. */
    windowDays: count,
    dayType: z.enum(marketDayTypes),
  })
  .meta({ id: 'MarketRateBand' });

export const shiftPreviewReply = z
  .object({
    /** The band; null: not enough history nearby (fewer shifts or practices than the rule asks). */
    band: marketBandReply.nullable(),
    /**
     * How many verified professionals the shift would reach (its reach once posted and counted)
     * at the rate asked and at each of the band's rates, lowest rate first; `asked` marks the
     * rate asked.
     */
    reach: z.array(z.object({ rateCents: cents, reach: count, asked: z.boolean() })),
  })
  .meta({ id: 'ShiftPreview' });

export type MarketBandDto = z.infer<typeof marketBandReply>;
export type ShiftPreviewDto = z.infer<typeof shiftPreviewReply>;
