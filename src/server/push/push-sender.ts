import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { PushPayload } from '@shared/marketplace/push-notifications';
import type { VapidKeys } from '../env';

/** How long a push waits at the push service for a device that is off (RFC 8030 TTL): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer within this is tried again later. */
const SEND_TIMEOUT_MS = 15_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push service's answer when it did not take the push. */
export class PushRefused extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'PushRefused';
  }

  /** 404 and 410: the subscription is gone for good (RFC 8030 section 7.3). */
  get gone(): boolean {
    return this.status === 404 || this.status === 410;
  }

  /** Another 4xx but 429: the push itself will never be taken (too big, bad signature). */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429 && !this.gone;
  }
}

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<void>;
}

/**
 * Sends one push: the web-push library signs it with our VAPID key (RFC 8292) and encrypts the
 * payload for the browser's keys (RFC 8291, aes128gcm); it is posted with fetch (RFC 8030),
 * without following redirects, with a TTL, an urgency and a topic (a newer push with the same
 * topic replaces one the push service still holds). Resolves when the push service took it,
 * throws a PushRefused when it answered otherwise.
 */
export function createPushSender(keys: VapidKeys, subject: string): PushSender {
  return {
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          topic: topicOf(payload.tag),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      // fetch sets the length itself.
      delete headers['Content-Length'];
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(details.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await response.text().catch(() => '');
      if (response.status < 200 || response.status > 299) {
        throw new PushRefused(response.status, text);
      }
    },
  };
}

/** A topic is at most 32 base64url characters (RFC 8030 section 5.4): a digest of the tag. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}
