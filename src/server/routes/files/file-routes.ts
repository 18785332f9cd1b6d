import { Hono } from 'hono';
import { contentDisposition } from '../../services/files/file-names';
import { openStoredFile } from '../../services/files/stored-file-access';
import type { AppEnv } from '../app-env';
import { loadSessionUser, requireAccount } from '../session';

/**
 * GET /api/files/:id: an uploaded file's bytes, only to those allowed to see it (its owner for
 * now): signed out 401, someone else 403, unknown 404. Served with the type found in its content,
 * never sniffed by the browser; images inline, everything else as a download.
 */
export const fileRoutes = new Hono<AppEnv>().get('/:id', requireAccount(), async (c) => {
  const viewer = (await loadSessionUser(c))!;
  const { file, object } = await openStoredFile(c.get('services'), viewer, c.req.param('id'));
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
});
