import type { Context } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/**
 * Sets a header of the answer a handler already made, in place. Hono's `c.header` on a finished
 * answer copies it into a new web Response (its body turned into a stream), and the Node adapter
 * then streams that body instead of writing the text it held: about 5 % of a request's server
 * time under load. An answer whose headers cannot change (one a fetch returned) is copied as
 * `c.header` does.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * Says, in place, that a compressible answer varies with Accept-Encoding: the compress middleware
 * (hono/compress, registered just outside this one) would otherwise add it with `c.header`, a copy
 * of every JSON answer even when the client takes none compressed.
 */
export function varyOnEncoding(c: Context): void {
  const type = c.res.headers.get('Content-Type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  const vary = c.res.headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  setAnswerHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
