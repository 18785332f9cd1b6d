import type { RouteHandler } from '@hono/zod-openapi';
import { z } from 'zod';
import { UPLOAD_FIELD } from '@shared/professional/files';
import {
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  credentialListReply,
  credentialReply,
  credentialTexts,
  credentialUpdateSchema,
  newCredentialSchema,
} from '@shared/trust/credentials';
import {
  addCredential,
  ownCredentialsJson,
  removeCredential,
  replaceCredentialDocument,
  updateCredential,
} from '../../services/trust/credentials';
import type { AudienceEnv } from '../contract/actors';
import {
  declareRoutes,
  emptyAnswer,
  idParam,
  jsonAnswer,
  jsonBody,
} from '../contract/declare-routes';
import { jsonText } from '../http';
import { readUploadedFile, uploadBodyLimit } from '../professional/upload-body-limit';

const { router, route } = declareRoutes('professional');

const credentialId = z.object({ id: idParam(credentialTexts.notFound) });

const documentRoute = route(
  {
    method: 'post',
    path: '/credentials/{id}/document',
    summary:
      "Replace a credential's document (PDF, JPEG, PNG or WebP, up to 10 MB): back to review",
    request: {
      params: credentialId,
      body: {
        required: true,
        description: 'The document',
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object' as const,
              required: [UPLOAD_FIELD],
              properties: { [UPLOAD_FIELD]: { type: 'string' as const, format: 'binary' } },
            },
          },
        },
      },
    },
    responses: { 200: jsonAnswer(credentialReply, 'The credential with its new document') },
  },
  {
    errors: [409],
    after: [uploadBodyLimit(CREDENTIAL_DOCUMENT_MAX_BYTES, credentialTexts.documentTooLarge)],
  },
);

const documentHandler: RouteHandler<typeof documentRoute, AudienceEnv<'professional'>> = async (
  c,
) => {
  const upload = await readUploadedFile(c);
  return c.json(
    await replaceCredentialDocument(c.var.services, c.var.actor, c.req.valid('param').id, upload),
    200,
  );
};

/** The professional's own credentials (mounted at /api/professional). */
export const professionalCredentialRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/credentials',
      summary: "The professional's credentials and where they stand with the required ones",
      responses: { 200: jsonAnswer(credentialListReply, 'The credentials') },
    }),
    async (c) => jsonText(c, await ownCredentialsJson(c.var.services, c.var.actor)),
  )
  .openapi(
    route({
      method: 'post',
      path: '/credentials',
      summary: 'Add a credential (waits for review; then upload its document)',
      request: { body: jsonBody(newCredentialSchema) },
      responses: { 201: jsonAnswer(credentialReply, 'The new credential') },
    }),
    async (c) => c.json(await addCredential(c.var.services, c.var.actor, c.req.valid('json')), 201),
  )
  .openapi(
    route(
      {
        method: 'put',
        path: '/credentials/{id}',
        summary:
          'Change a credential (only the fields sent); a new number, state or expiry sends it back to review; an expired one is kept as it was (409)',
        request: { params: credentialId, body: jsonBody(credentialUpdateSchema) },
        responses: { 200: jsonAnswer(credentialReply, 'The credential as saved') },
      },
      { errors: [409] },
    ),
    async (c) =>
      c.json(
        await updateCredential(
          c.var.services,
          c.var.actor,
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        200,
      ),
  )
  .openapi(
    route(
      {
        method: 'delete',
        path: '/credentials/{id}',
        summary: 'Remove a credential and its document (not an expired one: 409)',
        request: { params: credentialId },
        responses: { 204: emptyAnswer('Removed') },
      },
      { errors: [409] },
    ),
    async (c) => {
      await removeCredential(c.var.services, c.var.actor, c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  .openapi(documentRoute, documentHandler);
