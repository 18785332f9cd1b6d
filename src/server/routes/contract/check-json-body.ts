import type { MiddlewareHandler } from 'hono';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';

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
 * Every declared JSON body is read here first, once: a body that is JSON but not an object (null,
 * an array, a string) is a 400 before any schema sees it, and one holding a NUL character anywhere
 * (a value or a key, known or not) is a 400 too: no text column can store it. Malformed JSON is
 * left to the declared body check, which answers it; the parsed body is kept for that check.
 */
export const checkJsonBody: MiddlewareHandler = async (c, next) => {
  if (!/json/i.test(c.req.header('content-type') ?? '')) return next();
  const text = await c.req.text();
  if (text.trim() === '') return next();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return next();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError(400, 'invalid_json', genericErrors.badRequest);
  }
  const field = fieldWithNul(body);
  if (field !== null) {
    throw new DomainError(400, 'validation_failed', genericErrors.badRequest, {
      [field]: genericErrors.badRequest,
    });
  }
  c.req.bodyCache.json = Promise.resolve(body);
  return next();
};
