import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { NotificationKind } from '@shared/marketplace/notification-constants';
import {
  textedNotificationKinds,
  textMessageTexts,
} from '@shared/marketplace/text-message-constants';
import type { Database } from '../db/client';
import { smsPhones } from '../db/schema';
import { enqueueTexts } from './sms-outbox';

/** A bell entry just inserted, with the full address its link leads to. */
export interface InsertedNotice {
  notificationId: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The bell entry's page as a full URL (PUBLIC_URL + its path). */
  linkUrl: string;
}

/** Two text segments at most for the notice itself; a longer body is shortened. */
const MAX_TEXT_CHARACTERS = 300;

const texted = new Set<NotificationKind>(textedNotificationKinds);

/** The text of a notice: ChairFill, its title, its body (shortened), its link and STOP. */
export function noticeText(notice: Pick<InsertedNotice, 'title' | 'body' | 'linkUrl'>): string {
  const head = `ChairFill: ${notice.title}`;
  const tail = `${notice.linkUrl}\n${textMessageTexts.stopFooter}`;
  const room = MAX_TEXT_CHARACTERS - head.length - tail.length - 2;
  const body =
    notice.body.length <= room
      ? notice.body
      : `${notice.body.slice(0, Math.max(room - 3, 0)).trimEnd()}...`;
  return [head, body, tail].filter(Boolean).join('\n');
}

/** The key that makes a notice's text go out once: the bell entry's id. */
export function noticeTextKey(notificationId: string): string {
  return `notice:${notificationId}`;
}

/**
 * Queues a text for each bell entry of a texted kind (an urgent shift, booking confirmed,
 * cancelled, the day-before reminder) whose recipient confirmed a number, left texts on and has
 * not replied STOP from it; in the caller's transaction. Returns how many were queued.
 */
export async function queueNoticeTexts(db: Database, notices: InsertedNotice[]): Promise<number> {
  const wanted = notices.filter((notice) => texted.has(notice.kind));
  if (wanted.length === 0) return 0;
  const phones = await db
    .select({ userId: smsPhones.userId, phone: smsPhones.phone })
    .from(smsPhones)
    .where(
      and(
        inArray(smsPhones.userId, [...new Set(wanted.map((notice) => notice.userId))]),
        isNotNull(smsPhones.confirmedAt),
        eq(smsPhones.enabled, true),
        isNull(smsPhones.optedOutAt),
      ),
    );
  const phoneOf = new Map(phones.map((row) => [row.userId, row.phone]));
  return enqueueTexts(
    db,
    wanted.flatMap((notice) => {
      const to = phoneOf.get(notice.userId);
      return to
        ? [
            {
              userId: notice.userId,
              to,
              body: noticeText(notice),
              dedupeKey: noticeTextKey(notice.notificationId),
            },
          ]
        : [];
    }),
  );
}
