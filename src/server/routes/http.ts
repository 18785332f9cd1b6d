import type { Context } from 'hono';
import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/api-error';
import { fieldMessages, genericErrors } from '@shared/messages';
import { DomainError } from '../services/domain-error';

/** First message per field, and the first message overall, of a failed zod parse. */
export function validationError(error: z.ZodError): DomainError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? genericErrors.badRequest;
  return new DomainError(400, 'validation_failed', first, fields);
}

/** The 400 for a body that is not JSON, or not a JSON object. */
export function invalidJsonError(): DomainError {
  return new DomainError(400, 'invalid_json', genericErrors.badRequest);
}

/**
 * The message of a field whose schema gives none of its own (a wrong type, an unknown key): a
 * missing field is required, anything else asks to check the input; never zod's technical text.
 */
function fallbackFieldMessage(issue: { input?: unknown }): string {
  return issue.input === undefined ? fieldMessages.required : genericErrors.badRequest;
}

/**
 * The top-level field (or '_') of the first string in `value` that holds a NUL character, which
 * no text column can store; null when there is none. Walks iteratively (bodies nest deep).
 */
function fieldWithNul(value: Record<string, unknown>): string | null {
  const stack: { item: unknown; field: string }[] = Object.entries(value).map(([field, item]) => ({
    item,
    field,
  }));
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

/** Validates a parsed JSON body: it must be an object with valid fields, otherwise a 400. */
export function validBody<S extends z.ZodType>(body: unknown, schema: S): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidJsonError();
  }
  const nulField = fieldWithNul(body as Record<string, unknown>);
  if (nulField !== null) {
    throw new DomainError(400, 'validation_failed', genericErrors.badRequest, {
      [nulField]: genericErrors.badRequest,
    });
  }
  const parsed = schema.safeParse(body, { error: fallbackFieldMessage });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Reads a JSON body and validates it; bad JSON or bad fields become a 400 DomainError. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalidJsonError();
  }
  return validBody(body, schema);
}

export function errorBody(error: DomainError): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

/** Copies Set-Cookie headers from better-auth's answer onto ours. */
export function forwardCookies(c: Context, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

/** A 200 whose JSON is already written (a kept answer, or one PostgreSQL built). */
export function jsonText(c: Context, body: string): Response {
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}
