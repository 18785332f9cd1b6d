import { z } from 'zod';
import {
  aboutOfficeReply,
  aboutOfficeUpdateSchema,
  practiceProfileReply,
  practiceScorecardListReply,
  practiceScorecardsQuerySchema,
  practiceScorecardTexts,
} from '@shared/trust/practice-scorecard';
import { readPracticeAbout, savePracticeAbout } from '../../services/trust/practice-about';
import {
  practiceProfileFor,
  practiceScorecardsJson,
} from '../../services/trust/practice-scorecard';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { jsonText } from '../http';

const practice = declareRoutes('practice');

/** What the practice says about itself on its page (mounted at /api/practice). */
export const practiceAboutRoutes = practice
  .router()
  .openapi(
    practice.route({
      method: 'get',
      path: '/about',
      summary:
        'What the practice says about itself: parking, patients per hour, assistant, dress code, first-day instructions',
      responses: { 200: jsonAnswer(aboutOfficeReply, 'The self-description') },
    }),
    async (c) => c.json(await readPracticeAbout(c.var.services, c.var.actor.practiceId), 200),
  )
  .openapi(
    practice.route({
      method: 'put',
      path: '/about',
      summary: 'Save what the practice says about itself (only the fields sent change)',
      request: { body: jsonBody(aboutOfficeUpdateSchema) },
      responses: { 200: jsonAnswer(aboutOfficeReply, 'The self-description as saved') },
    }),
    async (c) =>
      c.json(
        await savePracticeAbout(c.var.services, c.var.actor.practiceId, c.req.valid('json')),
        200,
      ),
  );

const professional = declareRoutes('professional');

/** Practices' scorecards and pages as professionals read them (mounted at /api/professional). */
export const professionalScorecardRoutes = professional
  .router()
  .openapi(
    professional.route({
      method: 'get',
      path: '/practice-scorecards',
      summary:
        'The scorecards of the practices of a Find Shifts board (?practiceIds=a,b,…, at most 200); practices that may not reach the caller are left out',
      request: { query: practiceScorecardsQuerySchema },
      responses: { 200: jsonAnswer(practiceScorecardListReply, 'The scorecards') },
    }),
    async (c) =>
      jsonText(
        c,
        await practiceScorecardsJson(c.var.services, c.var.actor, c.req.valid('query').practiceIds),
      ),
  )
  .openapi(
    professional.route({
      method: 'get',
      path: '/practices/{id}',
      summary:
        "A practice's page before applying: its scorecard over the last 12 months and what it says about itself",
      request: { params: z.object({ id: idParam(practiceScorecardTexts.notFound) }) },
      responses: { 200: jsonAnswer(practiceProfileReply, 'The practice') },
    }),
    async (c) =>
      c.json(await practiceProfileFor(c.var.services, c.var.actor, c.req.valid('param').id), 200),
  );
