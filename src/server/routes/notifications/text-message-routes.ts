import {
  textCodeSchema,
  textPhoneSchema,
  textSwitchSchema,
} from '@shared/marketplace/text-messages';
import { textMessageSettingsReply } from '@shared/marketplace/text-message-replies';
import { removeTextNumber, switchTexts } from '../../services/text-messages/change-text-settings';
import { confirmTextCode } from '../../services/text-messages/confirm-text-code';
import { sendTextCode } from '../../services/text-messages/send-text-code';
import { getTextMessageSettings } from '../../services/text-messages/text-message-settings';
import { declareRoutes, emptyAnswer, jsonAnswer, jsonBody } from '../contract/declare-routes';

const { router, route } = declareRoutes('bellOwner');

const settingsAnswer = (description: string) => jsonAnswer(textMessageSettingsReply, description);

/**
 * Text messages of practices and professionals (mounted at /api/notifications/sms): the person's
 * own mobile number, confirmed with a texted code, and their switch. Admins have none.
 */
export const textMessageRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'My number for text messages, its state and any code waiting',
      responses: { 200: settingsAnswer('The settings') },
    }),
    async (c) => c.json(await getTextMessageSettings(c.var.services.db, c.var.actor), 200),
  )
  .openapi(
    route(
      {
        method: 'put',
        path: '/phone',
        summary: 'Set my mobile number and text it a confirmation code',
        request: { body: jsonBody(textPhoneSchema) },
        responses: { 200: settingsAnswer('The number, waiting for its code') },
      },
      { errors: [409, 429] },
    ),
    async (c) => {
      const { phone } = c.req.valid('json');
      return c.json(await sendTextCode(c.var.services, c.var.actor, phone), 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/phone',
      summary: 'Remove my mobile number (no more texts)',
      responses: { 204: emptyAnswer('Removed (or there was none)') },
    }),
    async (c) => {
      await removeTextNumber(c.var.services.db, c.var.actor);
      return c.body(null, 204);
    },
  )
  .openapi(
    route(
      {
        method: 'post',
        path: '/confirm',
        summary: 'Confirm my mobile number with the code texted to it',
        request: { body: jsonBody(textCodeSchema) },
        responses: { 200: settingsAnswer('The number, confirmed') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { code } = c.req.valid('json');
      return c.json(await confirmTextCode(c.var.services, c.var.actor, code), 200);
    },
  )
  .openapi(
    route(
      {
        method: 'patch',
        path: '/',
        summary: 'Turn my text messages on or off',
        request: { body: jsonBody(textSwitchSchema) },
        responses: { 200: settingsAnswer('The settings as saved') },
      },
      { errors: [409] },
    ),
    async (c) => {
      const { enabled } = c.req.valid('json');
      return c.json(await switchTexts(c.var.services.db, c.var.actor, enabled), 200);
    },
  );
