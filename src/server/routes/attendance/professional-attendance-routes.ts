import { z } from 'zod';
import {
  CHECK_IN_ATTEMPTS,
  checkInSchema,
  timesheetHoursSchema,
} from '@shared/marketplace/attendance';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import { bookingAttendanceReply } from '@shared/marketplace/timesheet-replies';
import { checkIn } from '../../services/attendance/check-in';
import { listMyAttendance } from '../../services/attendance/professional-attendance';
import { submitTimesheet } from '../../services/attendance/submit-timesheet';
import { DomainError } from '../../services/domain-error';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { limitFailures } from '../rate-limits';

const { router, route } = declareRoutes('professional');

const bookingParams = z.object({ id: idParam(bookingMessages.bookingNotFound) });

/** Wrong codes per booking, a quarter of an hour: a six-digit code is not guessed. */
const checkInAttempts = { max: CHECK_IN_ATTEMPTS, windowSeconds: 15 * 60 };

/**
 * The professional on the day (mounted at /api/professional): where each booking stands, "I'm
 * here" with the practice's code, and check-out with the hours worked. Only their own bookings.
 */
export const professionalAttendanceRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/attendance',
      summary: "The professional's bookings of today and the last 60 days: check-in and timesheet",
      responses: {
        200: jsonAnswer(
          z.object({ bookings: z.array(bookingAttendanceReply) }),
          'Where each booking stands',
        ),
      },
    }),
    async (c) => c.json({ bookings: await listMyAttendance(c.var.services, c.var.actor) }, 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/bookings/{id}/check-in',
        summary: "I'm here: check in with the practice's six-digit code (location only as a hint)",
        request: { params: bookingParams, body: jsonBody(checkInSchema) },
        responses: { 200: jsonAnswer(bookingAttendanceReply, 'Checked in') },
      },
      { errors: [409, 429] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const attendance = await limitFailures(
        c,
        [[`check-in:booking:${id}`, checkInAttempts]],
        () => checkIn(c.var.services, c.var.actor, id, input),
        (error) => error instanceof DomainError && error.code === 'wrong_check_in_code',
      );
      return c.json(attendance, 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/bookings/{id}/timesheet',
        summary:
          'Check out: submit the hours worked (start, end, break) for the practice to approve',
        request: { params: bookingParams, body: jsonBody(timesheetHoursSchema) },
        responses: { 201: jsonAnswer(bookingAttendanceReply, 'The booking with its timesheet') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await submitTimesheet(c.var.services, c.var.actor, id, c.req.valid('json')),
        201,
      );
    },
  );
