import type { MiddlewareHandler } from 'hono';
import { clientAddress } from '../routes/client-address';

/**
 * better-auth records the address a session was signed in from (shown under Settings). It reads
 * it from this request header, which the server itself sets from the socket on every request,
 * replacing any value a client sent: a client cannot choose the address stored with its session
 * (better-auth's default, X-Forwarded-For, is whatever the client writes there).
 */
export const CLIENT_ADDRESS_HEADER = 'x-chairfill-client-address';

export const recordClientAddress: MiddlewareHandler = async (c, next) => {
  c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c).replace(/^::ffff:/, ''));
  await next();
};
