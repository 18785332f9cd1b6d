import { shiftBoardQuerySchema } from '@shared/matching/shift-board';
import { shiftBoardReply } from '@shared/professional/professional-replies';
import { shiftBoardJson } from '../../services/matching/list-shift-board';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';
import { jsonText } from '../http';

const { router, route } = declareRoutes('professional');

/**
 * /api/professional/shift-board: Find Shifts, the open future shifts that fit the signed-in
 * professional, with why.
 */
export const shiftBoardRoutes = router().openapi(
  route({
    method: 'get',
    path: '/',
    summary:
      'Find Shifts: open future shifts that fit the professional, with why (?maxDistance= miles up to 100 widens the travel distance; ?includeBelowMinimum=true shows shifts paying less than their minimum)',
    request: { query: shiftBoardQuerySchema },
    responses: { 200: jsonAnswer(shiftBoardReply, 'The board') },
  }),
  async (c) => jsonText(c, await shiftBoardJson(c.var.services, c.var.actor, c.req.valid('query'))),
);
