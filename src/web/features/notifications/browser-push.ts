/**
 * This browser's side of push notifications (decision record 028): whether it can show them,
 * the permission, and its subscription at the push service, made with the server's VAPID public
 * key through the service worker (public/sw.js, which shows the pushes).
 */

/** Push needs a service worker, the Push API and notifications, on a secure page. */
export function browserCanPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** 'granted', 'denied' or 'default' (not asked yet, or the question was dismissed). */
export function notificationPermission(): NotificationPermission {
  return browserCanPush() ? Notification.permission : 'denied';
}

function bytesOfBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The worker's registration: the one the page registered, or registered now (same script). */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

/** The subscription this browser holds now, without asking anything or registering a worker. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!browserCanPush()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return (await existing?.pushManager.getSubscription()) ?? null;
}

/** SHA-256 (hex) of a push address, as the server lists devices (`endpointHash`). */
export async function hashOfEndpoint(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type AskOutcome =
  | { outcome: 'subscribed'; subscription: PushSubscriptionJSON }
  | { outcome: 'denied' | 'dismissed' };

/**
 * Asks for the permission (only ever called from a click) and subscribes with `publicKey`. A
 * subscription made with another key (the server's key was replaced) is replaced.
 */
export async function askAndSubscribe(publicKey: string): Promise<AskOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { outcome: 'denied' };
  if (permission !== 'granted') return { outcome: 'dismissed' };
  const key = bytesOfBase64url(publicKey);
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return { outcome: 'subscribed', subscription: subscription.toJSON() };
}

/** Ends this browser's subscription at the push service (nothing when it has none). */
export async function unsubscribeHere(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
