import type { MiddlewareHandler } from 'hono';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';

/**
 * The top-level field (or '_') of the first string in `value` that holds a NUL character, which
 * no text column can store; null when there is none. Walks iteratively (bodies nest deep).
 */
function fieldWithNul(value: unknown): string | null {
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
 * A JSON body holding a NUL character anywhere (a value or a key, known or not) is refused with
 * 400 before its fields are read: no text column can store it. JSON carries NUL only escaped
 * (`\u0000`), so a body without that sequence is passed on without a second parse.
 */
export const refuseUnstorableText: MiddlewareHandler = async (c, next) => {
  if (!/json/i.test(c.req.header('content-type') ?? '')) return next();
  const text = await c.req.text();
  if (!/\\u0000/i.test(text)) return next();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return next(); // the body check answers malformed JSON
  }
  const field = fieldWithNul(body);
  if (field !== null) {
    throw new DomainError(400, 'validation_failed', genericErrors.badRequest, {
      [field]: genericErrors.badRequest,
    });
  }
  return next();
};
