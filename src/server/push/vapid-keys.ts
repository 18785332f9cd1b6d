import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env, VapidKeys } from '../env';

/** Where the generated pair is kept, beside the generated auth secret. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

function isPair(value: unknown): value is VapidKeys {
  if (!value || typeof value !== 'object') return false;
  const pair = value as Record<string, unknown>;
  return (
    typeof pair.publicKey === 'string' &&
    /^[A-Za-z0-9_-]{87}$/.test(pair.publicKey) &&
    typeof pair.privateKey === 'string' &&
    /^[A-Za-z0-9_-]{43}$/.test(pair.privateKey)
  );
}

/**
 * The VAPID key pair every push is signed with (RFC 8292): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set, else a pair generated once into DATA_DIR/vapid-keys.json (mode
 * 600) and read back on every start, as the auth secret is. Browsers subscribed with a public
 * key accept pushes signed with its private key only, so the pair must never change under them:
 * several instances must all be given the same pair through the environment.
 */
export function vapidKeysFor(env: Pick<Env, 'vapidKeys' | 'dataDir'>): VapidKeys {
  if (env.vapidKeys) return env.vapidKeys;
  const file = path.join(env.dataDir, VAPID_KEYS_FILE);
  if (existsSync(file)) {
    try {
      const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isPair(kept)) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    } catch {
      // An unreadable file is replaced below, like a short auth secret.
    }
  }
  mkdirSync(env.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  const pair = { publicKey: generated.publicKey, privateKey: generated.privateKey };
  writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600 });
  return pair;
}
