import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../../services/domain-error';
import { invalidJsonError, requireJsonContentType, validBody } from '../http';

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
  if (text.trim() === '') return validBody({}, schema);
  requireJsonContentType(c);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidJsonError();
  }
  return validBody(body, schema);
}
