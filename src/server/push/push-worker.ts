import type { Database } from '../db/client';
import { startOutboxWorker, type OutboxWorker } from '../db/outbox-worker';
import type { Logger } from '../logger';
import { deliverDuePushes } from './push-outbox';
import type { PushSender } from './push-sender';

/**
 * The database's announcements after which pushes may be waiting: a bell entry added
 * ('bell:<user>') or a message sent ('talk:…'); both are committed with their pushes
 * (migration 0026), so every instance hears them once the pushes can be claimed.
 */
export function announcesPushes(payload: string): boolean {
  return payload.startsWith('bell:') || payload.startsWith('talk:');
}

/** Sends queued pushes every `intervalMs`, and at once when nudged. */
export function startPushWorker(options: {
  db: Database;
  sender: PushSender;
  intervalMs: number;
  logger: Logger;
}): OutboxWorker {
  return startOutboxWorker({
    name: 'push',
    deliver: () => deliverDuePushes(options.db, options.sender),
    intervalMs: options.intervalMs,
    logger: options.logger,
  });
}
