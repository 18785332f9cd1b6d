import type { Context } from 'hono';

/**
 * How a request's body is framed, read from its method and headers alone: none, a declared
 * length, or one unannounced (chunked) that only reading it tells. Asking the Node adapter's
 * request for its body builds a whole web Request (headers copied, an abort signal, a stream),
 * 3-8 % of a request's server time under load, so the body limits and the JSON check ask this
 * first.
 */
export type BodyFraming =
  { kind: 'none' } | { kind: 'declared'; length: number } | { kind: 'unannounced' };

/**
 * Whether the request came through Node's HTTP server (the adapter passes its `incoming`
 * message), whose parser frames every request body by Content-Length or Transfer-Encoding; a
 * request made in-process (`app.request`) is a web Request whose length may go unannounced.
 */
function servedByNode(c: Context): boolean {
  const bindings: unknown = c.env;
  return typeof bindings === 'object' && bindings !== null && 'incoming' in bindings;
}

/**
 * The request's body framing: a GET or HEAD has none, nor has a Content-Length of 0 or, through
 * Node's HTTP server, a request with neither Content-Length nor Transfer-Encoding (RFC 9112, 6.3).
 */
export function bodyFraming(c: Context): BodyFraming {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return { kind: 'none' };
  if (c.req.header('transfer-encoding') !== undefined) return { kind: 'unannounced' };
  const length = c.req.header('content-length');
  if (length === undefined) return servedByNode(c) ? { kind: 'none' } : { kind: 'unannounced' };
  const declared = Number(length);
  // A length that is not a whole number (only possible in-process: Node's parser refuses it)
  // is not trusted: the body is counted as it is read.
  if (!Number.isSafeInteger(declared) || declared < 0) return { kind: 'unannounced' };
  return declared === 0 ? { kind: 'none' } : { kind: 'declared', length: declared };
}
