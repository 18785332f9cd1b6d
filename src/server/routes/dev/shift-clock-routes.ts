import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { shifts } from '../../db/schema';
import { DomainError } from '../../services/domain-error';
import type { AppEnv } from '../app-env';
import { readJson } from '../http';

const moveShiftSchema = z
  .object({
    startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be an ISO date and time' }),
    endsAt: z.iso.datetime({ offset: true, error: 'endsAt must be an ISO date and time' }),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });

/**
 * Development only (not mounted in production): POST /api/dev/shifts/:id/times { startsAt, endsAt }
 * places a shift at other times, so end-to-end tests can try what happens once a shift has
 * started or ended (a no-show, a timesheet) without waiting for the clock. 204, or 404.
 */
export const devShiftClockRoutes = new Hono<AppEnv>().post(
  '/api/dev/shifts/:id/times',
  async (c) => {
    const id = c.req.param('id');
    const input = await readJson(c, moveShiftSchema);
    const moved = z.uuid().safeParse(id).success
      ? await c.var.services.db
          .update(shifts)
          .set({ startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) })
          .where(eq(shifts.id, id))
          .returning({ id: shifts.id })
      : [];
    if (moved.length === 0) throw new DomainError(404, 'not_found', 'Shift not found');
    return c.body(null, 204);
  },
);
