import { z } from 'zod';
import { attendanceMessages, disputeTimesheetSchema } from '@shared/marketplace/attendance';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import { checkInCodeReply, timesheetReply } from '@shared/marketplace/timesheet-replies';
import {
  checkInCodesJson,
  listPracticeTimesheets,
} from '../../services/attendance/practice-attendance';
import {
  approvePracticeTimesheet,
  disputePracticeTimesheet,
} from '../../services/attendance/practice-timesheet-decisions';
import { reportNoShow } from '../../services/attendance/report-no-show';
import {
  declareRoutes,
  emptyAnswer,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../contract/declare-routes';
import { jsonText } from '../http';

const { router, route } = declareRoutes('practice');

const timesheetParams = z.object({ id: idParam(attendanceMessages.timesheetNotFound) });
const bookingParams = z.object({ id: idParam(bookingMessages.bookingNotFound) });

/**
 * The practice on the day and after (mounted at /api/practice): today's check-in codes, the
 * timesheets to approve or dispute, and reporting a no-show. Only its own bookings and timesheets.
 */
export const practiceAttendanceRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/check-in-codes',
      summary: "Today's booked shifts with the code each professional checks in with",
      responses: {
        200: jsonAnswer(z.object({ shifts: z.array(checkInCodeReply) }), "Today's shifts"),
      },
    }),
    async (c) =>
      jsonText(
        c,
        await checkInCodesJson(c.var.services, c.var.actor.practiceId, c.var.actor.userId),
      ),
  )
  .openapi(
    route({
      method: 'get',
      path: '/timesheets',
      summary: "The practice's timesheets: waiting for approval first",
      responses: {
        200: jsonAnswer(z.object({ timesheets: z.array(timesheetReply) }), 'The timesheets'),
      },
    }),
    async (c) =>
      c.json(
        { timesheets: await listPracticeTimesheets(c.var.services, c.var.actor.practiceId) },
        200,
      ),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/timesheets/{id}/approve',
        summary: 'Approve a submitted timesheet (the shift is completed)',
        request: { params: timesheetParams },
        responses: { 200: jsonAnswer(timesheetReply, 'The approved timesheet') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await approvePracticeTimesheet(c.var.services, c.var.actor.practiceId, id),
        200,
      );
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/timesheets/{id}/dispute',
        summary: 'Dispute a submitted timesheet with a reason, within 48 hours',
        request: { params: timesheetParams, body: jsonBody(disputeTimesheetSchema) },
        responses: { 200: jsonAnswer(timesheetReply, 'The disputed timesheet') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(
        await disputePracticeTimesheet(c.var.services, c.var.actor.practiceId, id, reason),
        200,
      );
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/bookings/{id}/no-show',
        summary: 'Report that nobody came (30 minutes after the start, no check-in)',
        request: { params: bookingParams },
        responses: { 204: emptyAnswer('Reported: the booking ends as a no-show') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      await reportNoShow(c.var.services, c.var.actor.practiceId, id);
      return c.body(null, 204);
    },
  );
