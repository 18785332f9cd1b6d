import type { Context } from 'hono';
import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/api-error';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../services/domain-error';
import { invalidJsonError, requireStorableObject } from './contract/check-json-body';
import './contract/zod-messages';

export interface ReadJsonOptions {
  /**
   * The overall message to answer instead of a field message when that one comes first: the
   * spec's catalogue text of a form (its alert or banner) next to the field's own text.
   */
  overallMessages?: Readonly<Record<string, string>>;
  /**
   * Also accept the body as text/plain. Only for the web-vitals beacon: navigator.sendBeacon
   * sends a string body as text/plain (a JSON Blob is not CORS-safelisted and some browsers
   * refuse or preflight it), and that report must survive the page being left.
   */
  acceptPlainText?: boolean;
}

/** First message per field, and the first message overall, of a failed zod parse. */
export function validationError(
  error: z.ZodError,
  overallMessages: Readonly<Record<string, string>> = {},
): DomainError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? genericErrors.badRequest;
  return new DomainError(400, 'validation_failed', overallMessages[first] ?? first, fields);
}

/** application/json, or a structured-syntax JSON type (application/problem+json), any parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/**
 * The bodies the declarations cannot read (the beacon's text/plain, a development route) are
 * read through here: a body sent with any other Content-Type (a form post, text/plain from
 * another site's page) is refused with 415, before it is parsed. Multipart uploads and body-less requests never come this way.
 */
export function requireJsonContentType(c: Context, options: ReadJsonOptions = {}): void {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (JSON_MEDIA_TYPE.test(mediaType)) return;
  if (options.acceptPlainText && mediaType.toLowerCase() === 'text/plain') return;
  throw new DomainError(415, 'unsupported_media_type', genericErrors.unsupportedMediaType);
}

/** Validates a parsed JSON body: it must be an object with valid fields, otherwise a 400. */
export function validBody<S extends z.ZodType>(
  body: unknown,
  schema: S,
  options: ReadJsonOptions = {},
): z.output<S> {
  requireStorableObject(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, options.overallMessages);
  return parsed.data;
}

/**
 * Reads a JSON body and validates it: a body that is not sent as JSON is a 415; no body, bad JSON
 * or bad fields a 400 DomainError.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: ReadJsonOptions = {},
): Promise<z.output<S>> {
  const text = await c.req.text();
  if (text.trim() === '') throw invalidJsonError();
  requireJsonContentType(c, options);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidJsonError();
  }
  return validBody(body, schema, options);
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
