import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/marketplace/notification-constants';
import { textedNotificationKinds } from '@shared/marketplace/text-message-constants';
import { queryRows, type Database } from '../db/client';
import { sqlArray } from '../db/sql-arrays';

const texted = new Set<NotificationKind>(textedNotificationKinds);

/**
 * Of `userIds`, those a notice of `kind` reaches at once: a device with push on that has not
 * turned the kind off (as queuePushes sends), or, for a texted kind, a confirmed number with
 * texts on and no STOP (as queueNoticeTexts sends). One statement, in the caller's transaction.
 */
export async function reachedAtOnce(
  db: Database,
  userIds: readonly string[],
  kind: NotificationKind,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const ids = sqlArray([...new Set(userIds)], 'uuid');
  const byText = texted.has(kind)
    ? sql`union select ph.user_id from sms_phones ph
        where ph.user_id = any(${ids}) and ph.confirmed_at is not null and ph.enabled
          and ph.opted_out_at is null`
    : sql``;
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select s.user_id from push_subscriptions s
      where s.user_id = any(${ids})
        and not exists (select 1 from push_preferences pp
          where pp.user_id = s.user_id and pp.kind = ${kind} and not pp.enabled)
      ${byText}`,
  );
  return new Set(rows.map((row) => row.user_id));
}
