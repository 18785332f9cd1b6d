import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './app-env';

/**
 * The caller's address: the socket's, or behind TRUSTED_PROXY_HOPS proxies the address the
 * farthest of them put into X-Forwarded-For (each proxy appends the address it received the request
 * from, so the entries a client wrote itself lie further left and are never read). Used for the
 * rate limits and the address shown with each session.
 */
export function clientAddress(c: Context): string {
  const hops = (c as Context<AppEnv>).get('services')?.env.trustedProxyHops ?? 0;
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies (a misconfigured chain): the farthest one there is. Proxies
    // write addresses; anything else means the header is not theirs, so the socket decides.
    const farthest = forwarded.slice(-hops)[0];
    if (farthest && isIP(farthest)) return farthest;
  }
  return socketAddress(c);
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
