import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_FIELD } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import { DomainError } from '../../services/domain-error';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The upload routes, which the app-wide JSON body limit skips: each has its own larger limit
 * (5 MB photo, 10 MB resume, see uploadBodyLimit in professional-routes.ts).
 */
const uploadPaths = new Set(['/api/professional/photo', '/api/professional/resume']);

/** A credential's document (POST /api/professional/credentials/:id/document, 10 MB). */
const credentialDocumentPath = /^\/api\/professional\/credentials\/[^/]+\/document$/;

export function isUploadPath(path: string): boolean {
  return uploadPaths.has(path) || credentialDocumentPath.test(path);
}

/** Refuses a body larger than the file limit plus multipart framing, with `message` (413). */
export function uploadBodyLimit(maxFileBytes: number, message: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: (c) => c.json({ error: { code: 'file_too_large', message } }, 413),
  });
}

/** The uploaded file of a multipart/form-data request (field `file`); 400 when there is none. */
export async function readUploadedFile(c: Context): Promise<{ name: string; bytes: Uint8Array }> {
  const missing = new DomainError(400, 'file_missing', professionalMessages.fileMissing);
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) throw missing;
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    if ((error as { status?: number }).status === 413) throw error;
    throw missing;
  }
  const file = body[UPLOAD_FIELD];
  if (!(file instanceof File)) throw missing;
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
