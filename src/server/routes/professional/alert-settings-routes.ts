import { alertSettingsReply, alertSettingsSchema } from '@shared/fill/alert-settings';
import { getAlertSettings } from '../../services/fill/get-alert-settings';
import { saveAlertSettings } from '../../services/fill/save-alert-settings';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('professional');

/**
 * /api/professional/alert-settings: the caller's daily cap on shift alerts and today's count
 * (no id: only the caller's own).
 */
export const alertSettingsRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/alert-settings',
      summary:
        "The caller's daily cap on shift alerts, the most they may choose, and how many were sent today (New Jersey day)",
      responses: { 200: jsonAnswer(alertSettingsReply, 'The shift alert settings') },
    }),
    async (c) => c.json(await getAlertSettings(c.var.services, c.var.actor), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/alert-settings',
      summary: "Sets the caller's daily cap on shift alerts (a whole number from 1 to 8)",
      request: { body: jsonBody(alertSettingsSchema) },
      responses: { 200: jsonAnswer(alertSettingsReply, 'The shift alert settings as saved') },
    }),
    async (c) =>
      c.json(await saveAlertSettings(c.var.services, c.var.actor, c.req.valid('json')), 200),
  );
