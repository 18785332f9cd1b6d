import type { MiddlewareHandler } from 'hono';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { bodyFraming } from './body-framing';

/** A body that is not a JSON object (or none where one is required). */
export function invalidJsonError(): DomainError {
  return new DomainError(400, 'invalid_json', genericErrors.badRequest);
}

/**
 * The top-level field (or '_') of the first string in `value` that holds a NUL character, which
 * no text column can store; null when there is none. Walks iteratively (bodies nest deep).
 */
export function fieldWithNul(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const stack = Object.entries(value).map(([field, item]) => ({ item: item as unknown, field }));
  while (stack.length > 0) {
    const { item, field } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return field;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, nested] of Object.entries(item)) {
        if (key.includes('\u0000')) return field;
        stack.push({ item: nested, field });
      }
    }
  }
  return Object.keys(value).some((key) => key.includes('\u0000')) ? '_' : null;
}

/**
 * A parsed JSON body as every reader of one requires it: an object (null, an array or a string is
 * a 400 before any schema sees it) with no NUL character anywhere, in a value or a key, known or
 * not (no text column can store it).
 */
export function requireStorableObject(body: unknown): asserts body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidJsonError();
  }
  const field = fieldWithNul(body);
  if (field !== null) {
    throw new DomainError(400, 'validation_failed', genericErrors.badRequest, {
      [field]: genericErrors.badRequest,
    });
  }
}

/** Whether a request without a content type still carries bytes (the media type check refuses it). */
async function carriesBytes(request: Request): Promise<boolean> {
  if (request.body === null) return false;
  return (await request.clone().arrayBuffer()).byteLength > 0;
}

/**
 * Every declared JSON body is read here first, once, and must be a storable object; a body the
 * route requires must be sent (no body at all is a 400, never read as `{}`). Malformed JSON is
 * left to the declared body check, which answers it; the parsed body is kept for that check.
 */
export function checkJsonBody({ required }: { required: boolean }): MiddlewareHandler {
  const refuseMissing = () => {
    if (required) throw invalidJsonError();
  };
  return async (c, next) => {
    const contentType = c.req.header('content-type');
    if (!contentType) {
      if (bodyFraming(c).kind === 'none' || !(await carriesBytes(c.req.raw))) refuseMissing();
      return next();
    }
    if (!/json/i.test(contentType)) return next();
    const text = await c.req.text();
    if (text.trim() === '') {
      refuseMissing();
      return next();
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next();
    }
    requireStorableObject(body);
    c.req.bodyCache.json = Promise.resolve(body);
    return next();
  };
}
