import { almostAMatchReply } from '@shared/fill/almost-a-match';
import {
  ALMOST_A_MATCH_LIMIT,
  ALMOST_RATE_MIN_CENTS,
  ALMOST_RATE_SHARE,
} from '@shared/fill/almost-a-match-constants';
import { WIDEN_MAX_MILES, WIDEN_MIN_MILES, WIDEN_SHARE } from '@shared/fill/why-not-constants';
import { formatMoney } from '@shared/money-format';
import { shiftBoardQuerySchema } from '@shared/matching/shift-board';
import { shiftBoardReply } from '@shared/professional/professional-replies';
import { almostAMatchJson } from '../../services/fill/list-almost-a-match';
import { shiftBoardJson } from '../../services/matching/list-shift-board';
import { declareRoutes, jsonAnswer } from '../contract/declare-routes';
import { jsonText } from '../http';

const { router, route } = declareRoutes('professional');

const almostAMatchSummary = `Almost a match: open shifts that miss only the travel distance (by at most the greater of ${WIDEN_MIN_MILES} miles and ${WIDEN_SHARE * 100} % of it, never more than ${WIDEN_MAX_MILES} miles) or only the minimum rate (by at most the greater of ${formatMoney(ALMOST_RATE_MIN_CENTS)} and ${ALMOST_RATE_SHARE * 100} % of it), every other rule met, each with the one setting that would list it on the board (at most ${ALMOST_A_MATCH_LIMIT})`;

/**
 * /api/professional/shift-board: Find Shifts, the open future shifts that fit the signed-in
 * professional, with why; and "Almost a match", those just outside their settings.
 */
export const shiftBoardRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary:
        'Find Shifts: open future shifts that fit the professional, with why (?maxDistance= miles up to 100 widens the travel distance; ?includeBelowMinimum=true shows shifts paying less than their minimum)',
      request: { query: shiftBoardQuerySchema },
      responses: { 200: jsonAnswer(shiftBoardReply, 'The board') },
    }),
    async (c) =>
      jsonText(c, await shiftBoardJson(c.var.services, c.var.actor, c.req.valid('query'))),
  )
  .openapi(
    route({
      method: 'get',
      path: '/almost',
      summary: almostAMatchSummary,
      responses: { 200: jsonAnswer(almostAMatchReply, 'The shifts just outside the settings') },
    }),
    async (c) => jsonText(c, await almostAMatchJson(c.var.services, c.var.actor)),
  );
