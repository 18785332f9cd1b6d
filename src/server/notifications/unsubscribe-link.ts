import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKinds, type NotificationKind } from '@shared/marketplace/notifications';
import { unsubscribePath } from '@shared/marketplace/email-unsubscribe';
import type { Env } from '../env';

/**
 * Signed per-person unsubscribe links for bulk e-mails (the digest of new matching shifts):
 * '<payload>.<signature>', the payload the user id and the e-mail kind, the signature an
 * HMAC-SHA256 of it with the server secret. Anyone holding the link may turn that one kind of
 * e-mail off for that one person, nothing else, and without signing in (mail providers post it).
 */
const TOKEN = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/;

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The person and kind of a valid token; null for anything else. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  if (!TOKEN.test(token)) return null;
  const [payload, given] = token.split('.') as [string, string];
  const expected = Buffer.from(signature(secret, payload));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString().split(':');
  if (!userId || !(notificationKinds as readonly string[]).includes(kind ?? '')) return null;
  return { userId, kind: kind as NotificationKind };
}

export function unsubscribeUrl(
  env: Pick<Env, 'publicUrl' | 'authSecret'>,
  userId: string,
  kind: NotificationKind,
): string {
  return `${env.publicUrl}${unsubscribePath(unsubscribeToken(env.authSecret, userId, kind))}`;
}

/** RFC 2369 and RFC 8058 headers: mail providers show an unsubscribe button that POSTs the URL. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
