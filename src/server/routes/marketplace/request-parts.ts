import type { Context } from 'hono';
import type { z } from 'zod';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { validationError } from '../http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id; anything that is not a UUID cannot be one of ours, so 404 with `notFound`. */
export function uuidParam(c: Context, name: string, notFound: string): string {
  const id = c.req.param(name) ?? '';
  if (!UUID.test(id)) throw new DomainError(404, 'not_found', notFound);
  return id.toLowerCase();
}

/**
 * A JSON body whose fields are all optional: no body at all reads as `{}`; bad JSON or bad
 * fields are a 400, as with readJson.
 */
export async function readOptionalJson<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new DomainError(400, 'invalid_json', genericErrors.badRequest);
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError(400, 'invalid_json', genericErrors.badRequest);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
