import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '@server/routes/api-routes';
import type { ApiErrorBody } from '@shared/api-error';
import { genericErrors } from '@shared/messages';
import { ApiError } from './api-client';

/**
 * The API as the web calls it, typed from the server's route declarations
 * (src/server/routes/api-routes.ts): a wrong path, parameter, body field or answer field does
 * not compile. Same-origin requests carry the session cookie.
 *
 *   const practice = await answer(api.practice.$get());
 *   await answer(api.practice.locations[':id'].$put({ param: { id }, json: input }));
 */
export const api = hc<ApiRoutes>('/', { init: { credentials: 'same-origin' } }).api;

/** The body of a successful answer of a typed call (nothing for 204). */
export type Answer<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Status extends 204
        ? undefined
        : Body
      : never
    : never;

async function errorOf(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    body = null;
  }
  const error = body?.error;
  return new ApiError(
    response.status,
    error?.code ?? 'unknown',
    error?.message ?? '',
    error?.fields,
  );
}

/**
 * Waits for a typed call and answers its body: a refusal throws an ApiError with the server's
 * code, message and field messages; a request that never reached the server throws one with
 * code 'network' and the spec's network message.
 */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<Answer<R>> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', genericErrors.network);
  }
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as Answer<R>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as Answer<R>;
}

/** The request options of a typed call that can be cancelled (TanStack Query's `signal`). */
export function cancellable(signal?: AbortSignal) {
  return { init: { signal } };
}
