import { z } from 'zod';
import { professionalMessages } from '@shared/professional/messages';
import { contentDisposition } from '../../services/files/file-names';
import { openStoredFile } from '../../services/files/stored-file-access';
import { declareRoutes, idParam } from '../contract/declare-routes';

const { router, route } = declareRoutes('account');

/**
 * GET /api/files/:id: an uploaded file's bytes, only to those allowed to see it: signed out 401,
 * someone else 403, unknown 404. Served with the type found in its content, never sniffed by the
 * browser; images inline, everything else as a download.
 */
export const fileRoutes = router().openapi(
  route({
    method: 'get',
    path: '/{id}',
    summary:
      "An uploaded photo or resume (its owner, or a practice while the owner's application is pending)",
    request: { params: z.object({ id: idParam(professionalMessages.fileNotFound) }) },
    responses: {
      200: {
        description: 'The file (images inline, documents as a download)',
        content: {
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const { file, object } = await openStoredFile(c.var.services, c.var.actor, id);
    const inline = file.contentType.startsWith('image/') && !file.contentType.includes('svg');
    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(object.size));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header(
      'Content-Disposition',
      contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
    );
    // The bytes at an id never change (a new upload gets a new id); only this browser may keep them.
    c.header('Cache-Control', 'private, max-age=3600');
    c.header('Vary', 'Cookie');
    return c.body(object.body);
  },
);
