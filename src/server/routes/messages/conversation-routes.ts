import { z } from 'zod';
import { messageTexts, sendMessageSchema } from '@shared/conversations/conversations';
import {
  conversationThreadReply,
  conversationsReply,
  unreadMessagesReply,
} from '@shared/conversations/conversation-replies';
import {
  conversationJson,
  conversationsJson,
  sendMessage,
  unreadMessagesJson,
  type ConversationActor,
} from '../../services/messages/conversations';
import type { PracticeActor } from '../contract/actors';
import type { ProfessionalAccount } from '../../services/professional/professional-account';
import { declareRoutes, idParam, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { jsonText } from '../http';

const practiceSide = (actor: PracticeActor): ConversationActor => ({
  side: 'practice',
  practiceId: actor.practiceId,
  userId: actor.userId,
});
const professionalSide = (account: ProfessionalAccount): ConversationActor => ({
  side: 'professional',
  account,
});

const practiceParams = z.object({
  shiftId: idParam(messageTexts.notFound),
  professionalId: idParam(messageTexts.notFound),
});
const professionalParams = z.object({ shiftId: idParam(messageTexts.notFound) });

const practice = declareRoutes('practice');

/**
 * The practice's messages (mounted at /api/practice; decision record 025): one conversation per
 * shift and professional, only on its own shifts and only with their applicants or the booked.
 */
export const practiceConversationRoutes = practice
  .router()
  .openapi(
    practice.route({
      method: 'get',
      path: '/conversations',
      summary: 'Its conversations, the latest message first, with unread counts',
      responses: { 200: jsonAnswer(conversationsReply, 'The conversations') },
    }),
    async (c) => jsonText(c, await conversationsJson(c.var.services, practiceSide(c.var.actor))),
  )
  .openapi(
    practice.route({
      method: 'get',
      path: '/conversations/unread',
      summary: 'How many messages it has not read (the sidebar badge)',
      responses: { 200: jsonAnswer(unreadMessagesReply, 'The unread count') },
    }),
    async (c) => jsonText(c, await unreadMessagesJson(c.var.services, practiceSide(c.var.actor))),
  )
  .openapi(
    practice.route({
      method: 'get',
      path: '/shifts/{shiftId}/conversations/{professionalId}',
      summary:
        "The conversation with one applicant or booked professional of its shift; marks the professional's messages read",
      request: { params: practiceParams },
      responses: { 200: jsonAnswer(conversationThreadReply, 'The conversation') },
    }),
    async (c) => {
      const { shiftId, professionalId } = c.req.valid('param');
      return jsonText(
        c,
        await conversationJson(c.var.services, practiceSide(c.var.actor), shiftId, professionalId),
      );
    },
  )
  .openapi(
    practice.route(
      {
        method: 'post',
        path: '/shifts/{shiftId}/conversations/{professionalId}/messages',
        summary: 'Send a message (plain text, 1 to 2000 characters) to the professional',
        request: { params: practiceParams, body: jsonBody(sendMessageSchema) },
        responses: { 201: jsonAnswer(conversationThreadReply, 'The conversation') },
      },
      { errors: [429] },
    ),
    async (c) => {
      const { shiftId, professionalId } = c.req.valid('param');
      return c.json(
        await sendMessage(
          c.var.services,
          practiceSide(c.var.actor),
          shiftId,
          professionalId,
          c.req.valid('json'),
        ),
        201,
      );
    },
  );

const professional = declareRoutes('professional');

/**
 * A professional's messages (mounted at /api/professional; decision record 025): one
 * conversation with the practice per shift they applied for or are booked on.
 */
export const professionalConversationRoutes = professional
  .router()
  .openapi(
    professional.route({
      method: 'get',
      path: '/conversations',
      summary: 'Their conversations, the latest message first, with unread counts',
      responses: { 200: jsonAnswer(conversationsReply, 'The conversations') },
    }),
    async (c) =>
      jsonText(c, await conversationsJson(c.var.services, professionalSide(c.var.actor))),
  )
  .openapi(
    professional.route({
      method: 'get',
      path: '/conversations/unread',
      summary: 'How many messages they have not read (the sidebar badge)',
      responses: { 200: jsonAnswer(unreadMessagesReply, 'The unread count') },
    }),
    async (c) =>
      jsonText(c, await unreadMessagesJson(c.var.services, professionalSide(c.var.actor))),
  )
  .openapi(
    professional.route({
      method: 'get',
      path: '/shifts/{shiftId}/conversation',
      summary:
        "The conversation with the practice about a shift they applied for or are booked on; marks the practice's messages read",
      request: { params: professionalParams },
      responses: { 200: jsonAnswer(conversationThreadReply, 'The conversation') },
    }),
    async (c) =>
      jsonText(
        c,
        await conversationJson(
          c.var.services,
          professionalSide(c.var.actor),
          c.req.valid('param').shiftId,
          null,
        ),
      ),
  )
  .openapi(
    professional.route(
      {
        method: 'post',
        path: '/shifts/{shiftId}/conversation/messages',
        summary: 'Send a message (plain text, 1 to 2000 characters) to the practice',
        request: { params: professionalParams, body: jsonBody(sendMessageSchema) },
        responses: { 201: jsonAnswer(conversationThreadReply, 'The conversation') },
      },
      { errors: [429] },
    ),
    async (c) =>
      c.json(
        await sendMessage(
          c.var.services,
          professionalSide(c.var.actor),
          c.req.valid('param').shiftId,
          null,
          c.req.valid('json'),
        ),
        201,
      ),
  );
