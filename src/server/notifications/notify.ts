import type { Database } from '../db/client';
import type { Env } from '../env';
import { notifications } from '../db/schema';
import type { MarketplaceEvent } from './events';

/**
 * Records a marketplace event for the people it concerns. Call it inside the transaction that
 * made the change, so the notice exists exactly when the change does.
 *
 * (Initial version: the bell entries; the notifications work adds the e-mails and texts.)
 */
export async function notify(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
  event: MarketplaceEvent,
): Promise<void> {
  void env;
  const rows = recipients(event).map((userId) => ({
    userId,
    kind: event.kind,
    title: event.kind,
    body: '',
    linkPath: '',
  }));
  if (rows.length) await db.insert(notifications).values(rows);
}

function recipients(event: MarketplaceEvent): string[] {
  switch (event.kind) {
    case 'application_received':
      return [event.practiceUserId];
    case 'application_declined':
      return [event.professionalUserId];
    case 'booking_confirmed':
      return [event.practiceUserId, event.professionalUserId];
    case 'booking_cancelled':
      return [event.cancelledBy === 'practice' ? event.professionalUserId : event.practiceUserId];
  }
}
