import type { Database } from '../db/client';
import type { Env } from '../env';
import { deliverNotifications } from './deliver-notifications';
import type { MarketplaceEvent } from './events';
import { messagesForEvent } from './marketplace-messages';

/**
 * Records a marketplace event for the people it concerns: a bell entry for each, and an e-mail
 * unless they turned that kind off. Call it inside the transaction that made the change (pass
 * the transaction), so the notices exist exactly when the change does.
 *
 * Who is told: application_received → the practice; application_declined → the professional;
 * booking_confirmed → both (each their own text); booking_cancelled → the side that did not
 * cancel, with the reason.
 */
export async function notify(
  db: Database,
  env: Pick<Env, 'publicUrl'>,
  event: MarketplaceEvent,
): Promise<void> {
  await deliverNotifications(db, messagesForEvent(event, env.publicUrl));
}
