import type { Context } from 'hono';

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
 * Whether the request says it carries no body, without reading it: a Content-Length of 0 or,
 * through Node's HTTP server, neither Content-Length nor Transfer-Encoding (RFC 9112, 6.3: no
 * body). Asking the Node adapter's request for its body builds a whole web Request (headers
 * copied, an abort signal, a stream), 3-5 % of a bodiless write's server time under load.
 */
export function announcesNoBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return false;
  const length = c.req.header('content-length');
  return length === undefined ? servedByNode(c) : Number(length) === 0;
}
