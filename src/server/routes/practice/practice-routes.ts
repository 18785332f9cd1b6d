import { z } from 'zod';
import { practiceCancelSchema } from '@shared/marketplace/bookings';
import { locationMessages, locationSchema, locationUpdateSchema } from '@shared/practice/locations';
import { officeInformationUpdateSchema } from '@shared/practice/office';
import {
  locationListReply,
  locationReply,
  practiceDashboardReply,
  practiceReply,
  shiftListReply,
  shiftMonthsReply,
  shiftPageReply,
  shiftReply,
} from '@shared/practice/practice-replies';
import {
  newShiftSchema,
  shiftListQuerySchema,
  shiftMessages,
  shiftMonthsQuerySchema,
  shiftUpdateSchema,
} from '@shared/practice/shifts';
import { shiftPreviewQuerySchema, shiftPreviewReply } from '@shared/fill/shift-preview';
import { shiftBoostResultReply, shiftBoostSchema, shiftBoostsReply } from '@shared/fill/boosts';
import { whyNotReply } from '@shared/fill/why-not';
import { boostShift, listShiftBoosts } from '../../services/fill/boost-shift';
import { whyNotFillingJson } from '../../services/fill/explain-shift-reach';
import { previewShift } from '../../services/fill/preview-shift';
import { cancelShift } from '../../services/practice/cancel-shift';
import { createLocation } from '../../services/practice/create-location';
import { createShifts } from '../../services/practice/create-shifts';
import { deleteLocation } from '../../services/practice/delete-location';
import { getPractice } from '../../services/practice/get-practice';
import { practiceDashboardJson } from '../../services/practice/get-practice-dashboard';
import { listLocations } from '../../services/practice/list-locations';
import { keptShiftMonthsJson, keptShiftPageJson } from '../../services/practice/kept-shift-lists';
import { listShifts } from '../../services/practice/list-shifts';
import { makeMainLocation } from '../../services/practice/make-main-location';
import { updateLocation } from '../../services/practice/update-location';
import { updatePractice } from '../../services/practice/update-practice';
import { updateShift } from '../../services/practice/update-shift';
import {
  declareRoutes,
  emptyAnswer,
  idParam,
  jsonAnswer,
  jsonBody,
  optionalJsonBody,
} from '../contract/declare-routes';
import { jsonText } from '../http';

const { router, route } = declareRoutes('practice');

const locationId = z.object({ id: idParam(locationMessages.notFound) });
const shiftId = z.object({ id: idParam(shiftMessages.notFound) });

/**
 * The practice portal's office, locations and shifts (mounted at /api/practice). Every query is
 * limited to the signed-in account's own practice (`actor.practiceId`).
 */
export const practiceRoutes = router()
  // Office information
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'Office information',
      responses: { 200: jsonAnswer(practiceReply, 'The practice') },
    }),
    async (c) => c.json(await getPractice(c.var.services, c.var.actor.practiceId), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/',
      summary: 'Save Office Information (only the fields sent change)',
      request: { body: jsonBody(officeInformationUpdateSchema) },
      responses: { 200: jsonAnswer(practiceReply, 'The practice as saved') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await updatePractice(c.var.services, c.var.actor.practiceId, input), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/dashboard',
      summary: "The practice dashboard's figures",
      responses: { 200: jsonAnswer(practiceDashboardReply, 'The figures') },
    }),
    async (c) => {
      const { practiceId, userId } = c.var.actor;
      return jsonText(c, await practiceDashboardJson(c.var.services, practiceId, userId));
    },
  )

  // Locations
  .openapi(
    route({
      method: 'get',
      path: '/locations',
      summary: "The practice's locations, the main one first",
      responses: { 200: jsonAnswer(locationListReply, 'The locations') },
    }),
    async (c) =>
      c.json({ locations: await listLocations(c.var.services, c.var.actor.practiceId) }, 200),
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/locations',
        summary: 'Add a location',
        request: { body: jsonBody(locationSchema) },
        responses: { 201: jsonAnswer(locationReply, 'The new location') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await createLocation(c.var.services, c.var.actor.practiceId, input), 201);
    },
  )
  .openapi(
    route(
      {
        method: 'put',
        path: '/locations/{id}',
        summary: 'Save a location (only the fields sent change)',
        request: { params: locationId, body: jsonBody(locationUpdateSchema) },
        responses: { 200: jsonAnswer(locationReply, 'The location as saved') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await updateLocation(c.var.services, c.var.actor.practiceId, id, input), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/locations/{id}/make-main',
        summary: 'Make a location the main one',
        request: { params: locationId },
        responses: { 200: jsonAnswer(locationListReply, 'The locations, the new main one first') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const locations = await makeMainLocation(c.var.services, c.var.actor.practiceId, id);
      return c.json({ locations }, 200);
    },
  )
  .openapi(
    route(
      {
        method: 'delete',
        path: '/locations/{id}',
        summary: 'Delete a location (never the main one)',
        request: { params: locationId },
        responses: { 204: emptyAnswer('Deleted') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      await deleteLocation(c.var.services, c.var.actor.practiceId, id);
      return c.body(null, 204);
    },
  )

  // Shifts
  .openapi(
    route({
      method: 'get',
      path: '/shift-months',
      summary: 'Months from the current one on with shifts, latest first, counted per position',
      request: { query: shiftMonthsQuerySchema },
      responses: { 200: jsonAnswer(shiftMonthsReply, 'The months') },
    }),
    async (c) => {
      const { position } = c.req.valid('query');
      const { practiceId, userId } = c.var.actor;
      return jsonText(c, await keptShiftMonthsJson(c.var.services, practiceId, userId, position));
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/shifts',
      summary:
        "?month=: a page of that month, newest first, and the month's total. Without: the current month and later (or ?from=&to=), earliest first",
      request: { query: shiftListQuerySchema },
      responses: { 200: jsonAnswer(shiftPageReply, 'The shifts and how many there are') },
    }),
    async (c) => {
      const { page, range } = c.req.valid('query');
      const { practiceId, userId } = c.var.actor;
      if (page)
        return jsonText(c, await keptShiftPageJson(c.var.services, practiceId, userId, page));
      const shifts = await listShifts(c.var.services, practiceId, range ?? undefined);
      return c.json({ shifts, total: shifts.length }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      // A GET on purpose: every POST, PUT, PATCH and DELETE forgets the caller's kept answers
      // (app.ts), which a preview asked for as the form is typed in must not do.
      path: '/shift-preview',
      summary:
        "A shift not posted yet: the market rate band of its role, area and day type, and how many professionals it would reach at its rate and the band's",
      request: { query: shiftPreviewQuerySchema },
      responses: { 200: jsonAnswer(shiftPreviewReply, 'The band (or none) and the reach') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await previewShift(c.var.services, c.var.actor.practiceId, query), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts',
        summary: 'Post a shift on one or more dates',
        request: { body: jsonBody(newShiftSchema) },
        responses: { 201: jsonAnswer(shiftListReply, 'The new shifts, one per date') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(
        { shifts: await createShifts(c.var.services, c.var.actor.practiceId, input) },
        201,
      );
    },
  )
  .openapi(
    route(
      {
        method: 'patch',
        path: '/shifts/{id}',
        summary: "Change an open shift's hours and rate",
        request: { params: shiftId, body: jsonBody(shiftUpdateSchema) },
        responses: { 200: jsonAnswer(shiftReply, 'The shift as changed') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await updateShift(c.var.services, c.var.actor.practiceId, id, input), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'get',
        path: '/shifts/{id}/why-not',
        summary:
          'Why an open shift is not filling: who each rule leaves out, and the one change that reaches the most',
        request: { params: shiftId },
        responses: { 200: jsonAnswer(whyNotReply, 'The counts and the best change') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const { practiceId, userId } = c.var.actor;
      return jsonText(c, await whyNotFillingJson(c.var.services, practiceId, userId, id));
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/shifts/{id}/boosts',
      summary: "An open shift's boosts and what is left: for the shift, and for the practice today",
      request: { params: shiftId },
      responses: { 200: jsonAnswer(shiftBoostsReply, 'The boosts and what is left') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await listShiftBoosts(c.var.services, c.var.actor.practiceId, id), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts/{id}/boosts',
        summary:
          'Boost an open shift: raise its rate, tell more professionals, or mark it urgent (within 24 hours of its start)',
        request: { params: shiftId, body: jsonBody(shiftBoostSchema) },
        responses: {
          201: jsonAnswer(shiftBoostResultReply, 'The boost, how many were told, the shift'),
        },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { practiceId, userId } = c.var.actor;
      return c.json(await boostShift(c.var.services, { practiceId, userId }, id, input), 201);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/shifts/{id}/cancel',
        summary: 'Cancel a shift ({ reason }: required when a professional is booked on it)',
        request: { params: shiftId, body: optionalJsonBody(practiceCancelSchema) },
        responses: { 200: jsonAnswer(shiftReply, 'The cancelled shift') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(await cancelShift(c.var.services, c.var.actor.practiceId, id, reason), 200);
    },
  );
