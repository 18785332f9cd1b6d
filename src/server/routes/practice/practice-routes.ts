import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { practiceCancelSchema } from '@shared/marketplace/bookings';
import { locationMessages, locationSchema, locationUpdateSchema } from '@shared/practice/locations';
import { officeInformationUpdateSchema } from '@shared/practice/office';
import {
  newShiftSchema,
  shiftMessages,
  shiftMonthsQuerySchema,
  shiftPageQuerySchema,
  shiftRangeSchema,
  shiftUpdateSchema,
  type ShiftPageQuery,
} from '@shared/practice/shifts';
import { DomainError } from '../../services/domain-error';
import { cancelShift } from '../../services/practice/cancel-shift';
import { createLocation } from '../../services/practice/create-location';
import { createShifts } from '../../services/practice/create-shifts';
import { deleteLocation } from '../../services/practice/delete-location';
import { findPracticeForUser } from '../../services/practice/find-practice-for-user';
import { getPractice } from '../../services/practice/get-practice';
import { practiceDashboardJson } from '../../services/practice/get-practice-dashboard';
import { listLocations } from '../../services/practice/list-locations';
import { keptShiftMonthsJson, keptShiftPageJson } from '../../services/practice/kept-shift-lists';
import { listShifts, type ShiftRange } from '../../services/practice/list-shifts';
import { makeMainLocation } from '../../services/practice/make-main-location';
import { updateLocation } from '../../services/practice/update-location';
import { updatePractice } from '../../services/practice/update-practice';
import { updateShift } from '../../services/practice/update-shift';
import type { AppEnv } from '../app-env';
import { jsonText, readJson, validationError } from '../http';
import { readOptionalJson } from '../marketplace/request-parts';
import { loadSessionUser, requireAccount } from '../session';

interface PracticeEnv {
  Variables: AppEnv['Variables'] & {
    /** The signed-in account's practice; every query below is limited to it. */
    practiceId: string;
  };
}

const practiceAccount = requireAccount('practice') as unknown as MiddlewareHandler<PracticeEnv>;

/** After `practiceAccount` (401 signed out, 403 professional): the practice the account owns. */
const ownPractice: MiddlewareHandler<PracticeEnv> = async (c, next) => {
  const user = await loadSessionUser(c as unknown as Context<AppEnv>);
  c.set('practiceId', await findPracticeForUser(c.get('services'), user!.id));
  c.header('Cache-Control', 'no-store');
  await next();
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `:id` of the path; anything that is not a UUID cannot be one of ours, so 404. */
function idParam(c: Context<PracticeEnv>, notFoundMessage: string): string {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw new DomainError(404, 'not_found', notFoundMessage);
  return id.toLowerCase();
}

function shiftRange(c: Context<PracticeEnv>): ShiftRange | undefined {
  const from = c.req.query('from');
  const to = c.req.query('to');
  if (from === undefined && to === undefined) return undefined;
  const parsed = shiftRangeSchema.safeParse({ from, to });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const pageParameters = ['month', 'position', 'offset'] as const;

/**
 * `?month=yyyy-MM[&position=][&offset=]`: one page of a month (null when none of the three is
 * given: the range or the whole list). A month never comes with a range, and position and offset
 * only page through a month.
 */
function shiftPage(c: Context<PracticeEnv>): ShiftPageQuery | null {
  const given = pageParameters.filter((name) => c.req.query(name) !== undefined);
  if (given.length === 0) return null;
  if (c.req.query('from') !== undefined || c.req.query('to') !== undefined) {
    throw new DomainError(400, 'validation_failed', shiftMessages.monthOrRange);
  }
  if (c.req.query('month') === undefined) {
    throw new DomainError(400, 'validation_failed', shiftMessages.monthNeeded);
  }
  const parsed = shiftPageQuerySchema.safeParse(
    Object.fromEntries(given.map((name) => [name, c.req.query(name)])),
  );
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The practice portal's API (mounted at /api/practice). Middleware is attached per route, not
 * with `use('*')`, so it never runs for other routers mounted under /api/practice (billing).
 */
export const practiceRoutes = new Hono<PracticeEnv>()
  // Office information
  .get('/', practiceAccount, ownPractice, async (c) =>
    c.json(await getPractice(c.get('services'), c.get('practiceId'))),
  )
  .put('/', practiceAccount, ownPractice, async (c) => {
    const input = await readJson(c, officeInformationUpdateSchema);
    return c.json(await updatePractice(c.get('services'), c.get('practiceId'), input));
  })
  .get('/dashboard', practiceAccount, ownPractice, async (c) => {
    const user = c.get('sessionUser')!;
    const body = await practiceDashboardJson(c.get('services'), c.get('practiceId'), user.id);
    return jsonText(c, body);
  })

  // Locations
  .get('/locations', practiceAccount, ownPractice, async (c) =>
    c.json({ locations: await listLocations(c.get('services'), c.get('practiceId')) }),
  )
  .post('/locations', practiceAccount, ownPractice, async (c) => {
    const input = await readJson(c, locationSchema);
    return c.json(await createLocation(c.get('services'), c.get('practiceId'), input), 201);
  })
  .put('/locations/:id', practiceAccount, ownPractice, async (c) => {
    const id = idParam(c, locationMessages.notFound);
    const input = await readJson(c, locationUpdateSchema);
    return c.json(await updateLocation(c.get('services'), c.get('practiceId'), id, input));
  })
  .post('/locations/:id/make-main', practiceAccount, ownPractice, async (c) => {
    const id = idParam(c, locationMessages.notFound);
    const locations = await makeMainLocation(c.get('services'), c.get('practiceId'), id);
    return c.json({ locations });
  })
  .delete('/locations/:id', practiceAccount, ownPractice, async (c) => {
    const id = idParam(c, locationMessages.notFound);
    await deleteLocation(c.get('services'), c.get('practiceId'), id);
    return c.body(null, 204);
  })

  // Shifts
  // Months from the current one on with shifts, latest first, counted in all and per position.
  .get('/shift-months', practiceAccount, ownPractice, async (c) => {
    const parsed = shiftMonthsQuerySchema.safeParse({ position: c.req.query('position') });
    if (!parsed.success) throw validationError(parsed.error);
    const { position } = parsed.data;
    const user = c.get('sessionUser')!;
    const body = await keptShiftMonthsJson(
      c.get('services'),
      c.get('practiceId'),
      user.id,
      position,
    );
    return jsonText(c, body);
  })
  // ?month=: a page of that month, newest first, and its total. Without: the current month and
  // later (or ?from=&to=), earliest first.
  .get('/shifts', practiceAccount, ownPractice, async (c) => {
    const page = shiftPage(c);
    if (page) {
      const user = c.get('sessionUser')!;
      const body = await keptShiftPageJson(c.get('services'), c.get('practiceId'), user.id, page);
      return jsonText(c, body);
    }
    const range = shiftRange(c);
    return c.json({ shifts: await listShifts(c.get('services'), c.get('practiceId'), range) });
  })
  .post('/shifts', practiceAccount, ownPractice, async (c) => {
    const input = await readJson(c, newShiftSchema);
    const shifts = await createShifts(c.get('services'), c.get('practiceId'), input);
    return c.json({ shifts }, 201);
  })
  .patch('/shifts/:id', practiceAccount, ownPractice, async (c) => {
    const id = idParam(c, shiftMessages.notFound);
    const input = await readJson(c, shiftUpdateSchema);
    // The rate is required here (hourlyAmountField only answers null when empty is allowed).
    const change = {
      startTime: input.startTime,
      endTime: input.endTime,
      rateCents: input.rate as number,
    };
    return c.json(await updateShift(c.get('services'), c.get('practiceId'), id, change));
  })
  // { reason }: optional for an open shift, required when a professional is booked on it.
  .post('/shifts/:id/cancel', practiceAccount, ownPractice, async (c) => {
    const id = idParam(c, shiftMessages.notFound);
    const { reason } = await readOptionalJson(c, practiceCancelSchema);
    return c.json(await cancelShift(c.get('services'), c.get('practiceId'), id, reason));
  });
