import { z } from 'zod';
import { emailPreferencesSchema } from './notifications';
import {
  notificationKindInfo,
  notificationKinds,
  type NotificationKind,
} from './notification-constants';

/**
 * Web push (decision record 028): the same notices as the bell, also shown by the browser or
 * phone of a person who turned them on, per kind in Settings (no stored choice = on).
 *
 * Routes (signed-in practice or professional, own rows only):
 * - GET    /api/notifications/push                  → PushSettingsReply
 * - POST   /api/notifications/push/devices { endpoint, keys } → PushSettingsReply (this device added)
 * - DELETE /api/notifications/push/devices/:id      → PushSettingsReply
 * - PUT    /api/notifications/push/preferences { [kind]: boolean } → PushSettingsReply
 */

/** A person keeps at most this many devices; a new one beyond replaces the one added first. */
export const PUSH_DEVICES_MAX = 10;
/** How much of a message a push shows. */
export const PUSH_MESSAGE_PREVIEW = 100;
/** Push service addresses longer than this are refused (real ones are about 200 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/**
 * What each kind's switch says in the push settings: the e-mail label, except for messages,
 * which are pushed as soon as they are sent (e-mail waits 15 minutes).
 */
export function pushKindLabel(kind: NotificationKind): string {
  return kind === 'message' ? 'New messages' : notificationKindInfo[kind].label;
}

export const pushMessages = {
  title: 'Notifications on this device',
  intro:
    'Get new matching shifts, booking changes, messages and reminders on this phone or computer, even when ChairFill is closed.',
  turnOn: 'Turn on notifications',
  turningOn: 'Turning on...',
  turnOff: 'Turn off on this device',
  turningOff: 'Turning off...',
  onHere: 'Notifications are on for this device.',
  unsupported:
    'This browser cannot show notifications. On an iPhone or iPad, add ChairFill to your Home Screen first, then open it from there.',
  denied:
    'Notifications are blocked for ChairFill in this browser. Allow them in the site settings of your browser, then try again.',
  dismissed: 'Notifications were not turned on. Choose Turn on notifications to try again.',
  turnOnFailed: 'Failed to turn on notifications. Please try again.',
  turnOffFailed: 'Failed to turn off notifications. Please try again.',
  loadFailed: 'Failed to load your notification settings. Please try again.',
  devicesTitle: 'Devices with notifications on',
  noDevices: 'No devices yet.',
  thisDevice: 'This device',
  added: (date: string) => `Added ${date}`,
  remove: 'Remove',
  removeLabel: (device: string) => `Remove ${device}`,
  removed: 'Device removed',
  removeFailed: 'Failed to remove the device. Please try again.',
  kindsTitle: 'Notify me on my devices when',
  /** The per-kind form's name: its Save button reads 'Save Notifications on my devices'. */
  kindsFormTitle: 'Notifications on my devices',
  kindsHint: 'These apply to every device you turned notifications on for.',
  /** Push settings refused because the address is not a push service's. */
  badEndpoint: 'This browser gave an address notifications cannot be sent to',
  badKeys: 'This browser gave keys notifications cannot be sent with',
  deviceNotFound: 'Device not found',
  /** What a message push says. */
  messageTitle: (from: string) => `New message from ${from}`,
} as const;

/** The byte length of unpadded base64url text (4 characters carry 3 bytes). */
export function base64urlByteLength(value: string): number {
  const text = value.replace(/=+$/, '');
  return Math.floor((text.length * 3) / 4);
}

const keyText = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .max(200, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => base64urlByteLength(value) === bytes, message);

/**
 * POST /api/notifications/push/devices: what PushManager.subscribe() answered (its JSON form).
 * The endpoint's address rules (https, a push service's) are checked by the server.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: pushMessages.badEndpoint })
    .max(PUSH_ENDPOINT_MAX_LENGTH, pushMessages.badEndpoint)
    .url(pushMessages.badEndpoint),
  keys: z.object(
    {
      /** The browser's P-256 public key: 65 bytes, uncompressed. */
      p256dh: keyText(65, pushMessages.badKeys),
      /** The browser's auth secret: 16 bytes. */
      auth: keyText(16, pushMessages.badKeys),
    },
    { error: pushMessages.badKeys },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** PUT /api/notifications/push/preferences: as the e-mail settings, any of the person's kinds. */
export const pushPreferencesSchema = emailPreferencesSchema;
export type PushPreferencesInput = z.input<typeof pushPreferencesSchema>;

export const pushDeviceReply = z.object({
  id: z.string(),
  /** 'Chrome on Android'. */
  device: z.string(),
  /**
   * SHA-256 of the push address (hex): the page compares it with its own subscription's to know
   * which device it runs on, without the address itself being sent back.
   */
  endpointHash: z.string(),
  createdAt: z.string().meta({ description: 'ISO 8601 instant' }),
  lastSentAt: z.string().nullable().meta({ description: 'ISO 8601 instant' }),
});

export const pushSettingsReply = z
  .object({
    /** The server's VAPID public key (base64url), for PushManager.subscribe(). */
    publicKey: z.string(),
    preferences: z.array(
      z.object({ kind: z.enum(notificationKinds), label: z.string(), enabled: z.boolean() }),
    ),
    devices: z.array(pushDeviceReply),
  })
  .meta({ id: 'PushSettings' });

export type PushDeviceDto = z.infer<typeof pushDeviceReply>;
export type PushSettingsReply = z.infer<typeof pushSettingsReply>;

/** What a push carries to the service worker (public/sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens, inside the person's portal. */
  url: string;
  /** Folds repeats: a newer push with the same tag replaces the shown one. */
  tag: string;
}
