import { z } from 'zod';
import {
  attendanceMessages,
  noShowDecisionSchema,
  resolveDisputeSchema,
} from '@shared/marketplace/attendance';
import { timesheetReply } from '@shared/marketplace/timesheet-replies';
import {
  listTimesheetDisputes,
  resolveDisputeAsNoShow,
  resolveTimesheetDispute,
} from '../../services/attendance/timesheet-disputes';
import {
  declareRoutes,
  emptyAnswer,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../contract/declare-routes';

const { router, route } = declareRoutes('admin');

const timesheetParams = z.object({ id: idParam(attendanceMessages.timesheetNotFound) });

/** Timesheet disputes in the admin console (mounted at /api/admin). */
export const adminTimesheetRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/timesheet-disputes',
      summary: 'Disputed timesheets to decide (oldest first), then the last decided',
      responses: {
        200: jsonAnswer(z.object({ timesheets: z.array(timesheetReply) }), 'The disputes'),
      },
    }),
    async (c) => c.json({ timesheets: await listTimesheetDisputes(c.var.services) }, 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/timesheets/{id}/resolve',
        summary: 'Decide a disputed timesheet: the hours that stand and a recorded note',
        request: { params: timesheetParams, body: jsonBody(resolveDisputeSchema) },
        responses: { 200: jsonAnswer(timesheetReply, 'The approved timesheet') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await resolveTimesheetDispute(c.var.services, c.var.actor.id, id, c.req.valid('json')),
        200,
      );
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/timesheets/{id}/no-show',
        summary: 'Decide a disputed timesheet as a no-show: nothing charged, with a recorded note',
        request: { params: timesheetParams, body: jsonBody(noShowDecisionSchema) },
        responses: { 204: emptyAnswer('The booking ended as a no-show') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      await resolveDisputeAsNoShow(c.var.services, c.var.actor.id, id, c.req.valid('json'));
      return c.body(null, 204);
    },
  );
