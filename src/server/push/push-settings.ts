import { createECDH, createHash } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { NotificationAudience } from '@shared/marketplace/notification-constants';
import {
  PUSH_DEVICES_MAX,
  pushKindLabel,
  pushMessages,
  type PushSettingsReply,
  type PushSubscriptionInput,
} from '@shared/marketplace/push-notifications';
import type { Database } from '../db/client';
import { pushPreferences, pushSubscriptions } from '../db/schema';
import type { Env } from '../env';
import { readKindPreferences, saveKindPreferences } from '../notifications/kind-preferences';
import { describeDevice } from '../services/accounts/describe-device';
import { DomainError } from '../services/domain-error';
import { isAllowedPushEndpoint } from './push-endpoint';
import { vapidKeysFor } from './vapid-keys';

type PushEnv = Pick<Env, 'vapidKeys' | 'dataDir' | 'isProduction'>;

/** What the page compares with its own subscription to find "This device" (hex SHA-256). */
export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/** The person's push settings: our public key, their choices per kind and their devices. */
export async function getPushSettings(
  db: Database,
  env: PushEnv,
  userId: string,
  audience: NotificationAudience,
): Promise<PushSettingsReply> {
  const preferences = await readKindPreferences(
    db,
    pushPreferences,
    userId,
    audience,
    pushKindLabel,
  );
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return {
    publicKey: vapidKeysFor(env).publicKey,
    preferences,
    devices: devices.map((device) => ({
      id: device.id,
      device: device.device,
      endpointHash: endpointHash(device.endpoint),
      createdAt: device.createdAt.toISOString(),
      lastSentAt: device.lastSentAt?.toISOString() ?? null,
    })),
  };
}

/** Whether `p256dh` is a point on P-256 (the browser's key), so encrypting for it can work. */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the browser that agreed to notifications (what PushManager.subscribe() answered), for the
 * signed-in person: the same address again updates its keys and device name; an address kept for
 * someone else (another person signed in on that browser before) becomes this person's, with
 * nothing queued for the other person. Beyond PUSH_DEVICES_MAX devices, the one added first goes.
 */
export async function addPushDevice(
  db: Database,
  env: PushEnv,
  userId: string,
  audience: NotificationAudience,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushSettingsReply> {
  if (!isAllowedPushEndpoint(input.endpoint, env.isProduction)) {
    throw new DomainError(400, 'validation_failed', pushMessages.badEndpoint, {
      endpoint: pushMessages.badEndpoint,
    });
  }
  if (!isP256Point(input.keys.p256dh)) {
    throw new DomainError(400, 'validation_failed', pushMessages.badKeys, {
      'keys.p256dh': pushMessages.badKeys,
    });
  }
  const { device } = describeDevice(userAgent);
  await db.transaction(async (tx) => {
    // Another person's row for this browser goes, with whatever was queued for them.
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.userId, userId)),
      );
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, device },
      });
    // The person's devices beyond the cap, the first added first.
    await tx.execute(sql`
      delete from push_subscriptions where id in (
        select id from push_subscriptions where user_id = ${userId}::uuid
        order by created_at desc, id desc offset ${PUSH_DEVICES_MAX})`);
  });
  return getPushSettings(db, env, userId, audience);
}

/** Forgets one of the person's devices (404 for anyone else's), with what was queued for it. */
export async function removePushDevice(
  db: Database,
  env: PushEnv,
  userId: string,
  audience: NotificationAudience,
  deviceId: string,
): Promise<PushSettingsReply> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, deviceId), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) {
    throw new DomainError(404, 'push_device_not_found', pushMessages.deviceNotFound);
  }
  return getPushSettings(db, env, userId, audience);
}

/** Saves push choices per kind (the e-mail settings' rules: a kind not of the audience is 400). */
export async function updatePushPreferences(
  db: Database,
  env: PushEnv,
  userId: string,
  audience: NotificationAudience,
  input: Record<string, boolean>,
): Promise<PushSettingsReply> {
  await saveKindPreferences(db, pushPreferences, userId, audience, input);
  return getPushSettings(db, env, userId, audience);
}
