import { inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@shared/marketplace/notification-constants';
import type { PushPayload } from '@shared/marketplace/push-notifications';
import { queryRows, type Database } from '../db/client';
import { announceQueued, claimDueRows, markFailed, markSent } from '../db/outbox-queue';
import { pushSubscriptions } from '../db/schema';
import { PushRefused, type PushSender } from './push-sender';

/** How many pushes a pass of the push worker takes. */
export const PUSH_BATCH_SIZE = 20;

/** A push for one person: sent to each of their devices unless they turned its kind off. */
export interface QueuedPush {
  userId: string;
  kind: NotificationKind;
  payload: PushPayload;
  /**
   * Makes the push go out once per device: the outbox row of each device gets
   * `<dedupeKey>:<subscription id>`, and a second queueing with the same key adds nothing.
   */
  dedupeKey: string;
}

/** What a push may carry: short enough for every push service (4 KB less encryption). */
function bounded(payload: PushPayload): PushPayload {
  return {
    title: payload.title.slice(0, 120),
    body: payload.body.slice(0, 400),
    url: payload.url.slice(0, 500),
    tag: payload.tag.slice(0, 120),
  };
}

/**
 * Queues pushes in one statement, in the caller's transaction: one outbox row per device of
 * each recipient, except the kinds a recipient turned off (no stored choice = on). Returns how
 * many rows were queued (none for people without devices); queued ones are announced
 * (db/outbox-queue.ts announceQueued).
 */
export async function queuePushes(db: Database, pushes: QueuedPush[]): Promise<number> {
  if (pushes.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(db, pushRowsInsert(pushes));
  if (rows.length > 0) await announceQueued(db, 'push_outbox');
  return rows.length;
}

/**
 * queuePushes' insert (returning the queued rows' ids) as a part of a larger statement: `with
 * pushed as (…)`, announced in it with `announcedIfQueued('push_outbox', 'pushed')`.
 */
export function pushRowsInsert(pushes: QueuedPush[]): SQL {
  const items = JSON.stringify(
    pushes.map((push) => ({
      user_id: push.userId,
      kind: push.kind,
      payload: bounded(push.payload),
      dedupe_key: push.dedupeKey,
    })),
  );
  return sql`insert into push_outbox (subscription_id, payload, dedupe_key)
      select s.id, i.payload, i.dedupe_key || ':' || s.id
      from jsonb_to_recordset(${items}::jsonb)
        as i(user_id uuid, kind text, payload jsonb, dedupe_key text)
      join push_subscriptions s on s.user_id = i.user_id
      where not exists (select 1 from push_preferences p
        where p.user_id = i.user_id and p.kind = i.kind and not p.enabled)
      on conflict (dedupe_key) do nothing
      returning id`;
}

/**
 * Claims due pushes, sends them and records the outcome; returns how many were sent. A device
 * the push service says is gone (404, 410) is forgotten with everything queued for it; a push
 * it refuses for good (another 4xx) fails at once; anything else is tried again later
 * (db/outbox-queue.ts).
 */
export async function deliverDuePushes(
  db: Database,
  sender: PushSender,
  batchSize = PUSH_BATCH_SIZE,
): Promise<number> {
  const claimed = await claimDueRows<{ subscription_id: string; payload: PushPayload }>(
    db,
    'push_outbox',
    sql`subscription_id, payload`,
    batchSize,
  );
  if (claimed.length === 0) return 0;
  const targets = new Map(
    (
      await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(
          inArray(
            pushSubscriptions.id,
            claimed.map((row) => row.subscription_id),
          ),
        )
    ).map((row) => [row.id, row]),
  );
  let sent = 0;
  for (const row of claimed) {
    const target = targets.get(row.subscription_id);
    // The device was removed since (its rows go with it): nothing to settle.
    if (!target) continue;
    try {
      await sender.send(target, row.payload);
      await markSent(db, 'push_outbox', [row]);
      await db.execute(
        sql`update push_subscriptions set last_sent_at = now() where id = ${target.id}::uuid`,
      );
      sent += 1;
    } catch (error) {
      if (error instanceof PushRefused && error.gone) {
        await db.execute(sql`delete from push_subscriptions where id = ${target.id}::uuid`);
      } else {
        await markFailed(
          db,
          'push_outbox',
          row,
          error,
          error instanceof PushRefused && error.permanent,
        );
      }
    }
  }
  return sent;
}
