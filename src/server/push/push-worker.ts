import type { Database } from '../db/client';
import { startOutboxWorker, type OutboxWorker } from '../db/outbox-worker';
import type { Logger } from '../logger';
import { PUSH_BATCH_SIZE, deliverDuePushes } from './push-outbox';
import type { PushSender } from './push-sender';

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
    batchSize: PUSH_BATCH_SIZE,
    intervalMs: options.intervalMs,
    logger: options.logger,
  });
}
