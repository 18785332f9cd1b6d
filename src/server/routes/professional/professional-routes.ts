import { PHOTO_MAX_BYTES, RESUME_MAX_BYTES, UPLOAD_FIELD } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import { profileUpdateRequestSchema, profileUpdateSchema } from '@shared/professional/profile';
import {
  bookedShiftsReply,
  professionalDashboardReply,
  professionalProfileReply,
} from '@shared/professional/professional-replies';
import { professionalDashboardJson } from '../../services/professional/get-professional-dashboard';
import { professionalProfileJson } from '../../services/professional/get-professional-profile';
import { listBookedShifts } from '../../services/professional/list-booked-shifts';
import { replaceProfessionalFile } from '../../services/professional/replace-professional-file';
import { updateProfessionalProfile } from '../../services/professional/update-professional-profile';
import type { RouteHandler } from '@hono/zod-openapi';
import type { AudienceEnv } from '../contract/actors';
import { declareRoutes, jsonAnswer, jsonBody } from '../contract/declare-routes';
import { jsonText, validationError } from '../http';
import { readUploadedFile, uploadBodyLimit } from './upload-body-limit';

const { router, route } = declareRoutes('professional');

/** A multipart/form-data upload of one file in the field `file` (read as a stream, not by zod). */
function fileUpload(description: string) {
  return {
    required: true,
    description,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: [UPLOAD_FIELD],
          properties: { [UPLOAD_FIELD]: { type: 'string' as const, format: 'binary' } },
        },
      },
    },
  };
}

const uploads = {
  photo: {
    summary: 'Replace the profile photo (JPEG, PNG or WebP, up to 5 MB)',
    limit: uploadBodyLimit(PHOTO_MAX_BYTES, professionalMessages.photoTooLarge),
  },
  resume: {
    summary: 'Replace the resume (PDF or Word, up to 10 MB)',
    limit: uploadBodyLimit(RESUME_MAX_BYTES, professionalMessages.resumeTooLarge),
  },
} as const;

/** POST /photo or /resume: one file, streamed under its own size limit; answers the profile. */
function fileUploadRoute<K extends keyof typeof uploads>(kind: K) {
  const declared = route(
    {
      method: 'post',
      path: `/${kind}` as `/${K}`,
      summary: uploads[kind].summary,
      request: { body: fileUpload(`The ${kind}`) },
      responses: { 200: jsonAnswer(professionalProfileReply, `The profile with the new ${kind}`) },
    },
    { after: [uploads[kind].limit] },
  );
  const handler: RouteHandler<typeof declared, AudienceEnv<'professional'>> = async (c) => {
    const upload = await readUploadedFile(c);
    return c.json(await replaceProfessionalFile(c.var.services, c.var.actor, kind, upload), 200);
  };
  return [declared, handler] as const;
}

/**
 * /api/professional: the signed-in hygienist, assistant or front desk professional's own profile,
 * files, dashboard and schedule. There is no id in any path: each answer is about the caller only.
 */
export const professionalRoutes = router()
  .openapi(
    route({
      method: 'get',
      path: '/profile',
      summary: "The professional's own profile",
      responses: { 200: jsonAnswer(professionalProfileReply, 'The profile') },
    }),
    async (c) => jsonText(c, await professionalProfileJson(c.var.services, c.var.actor)),
  )
  .openapi(
    route({
      method: 'put',
      path: '/profile',
      summary:
        'Save profile cards (only the fields sent change; which fields exist depends on the role)',
      request: { body: jsonBody(profileUpdateRequestSchema) },
      responses: { 200: jsonAnswer(professionalProfileReply, 'The profile as saved') },
    }),
    async (c) => {
      const account = c.var.actor;
      // The role decides which fields and flag groups exist: the role's own schema reads the body.
      const parsed = profileUpdateSchema(account.role).safeParse(c.req.valid('json'));
      if (!parsed.success) throw validationError(parsed.error);
      return c.json(await updateProfessionalProfile(c.var.services, account, parsed.data), 200);
    },
  )
  .openapi(...fileUploadRoute('photo'))
  .openapi(...fileUploadRoute('resume'))
  .openapi(
    route({
      method: 'get',
      path: '/dashboard',
      summary: "The professional dashboard's figures",
      responses: { 200: jsonAnswer(professionalDashboardReply, 'The figures') },
    }),
    async (c) => jsonText(c, await professionalDashboardJson(c.var.services, c.var.actor)),
  )
  .openapi(
    route({
      method: 'get',
      path: '/shifts',
      summary: 'The shifts this professional is booked on (their schedule)',
      responses: { 200: jsonAnswer(bookedShiftsReply, 'The booked shifts') },
    }),
    async (c) => c.json({ shifts: await listBookedShifts(c.var.services, c.var.actor) }, 200),
  );
