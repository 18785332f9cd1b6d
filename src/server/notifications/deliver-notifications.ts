import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { portalPathByAccountType, type AccountType } from '@shared/accounts';
import { isShiftAlertKind } from '@shared/fill/alert-cap-constants';
import type { NotificationKind } from '@shared/marketplace/notifications';
import type { Database } from '../db/client';
import { emailPreferences, notifications, user } from '../db/schema';
import { mapInSlices } from '../jobs/map-in-slices';
import { enqueueEmails, type QueuedEmail } from '../mail/outbox';
import type { ApplicantEmailAsk } from './applicant-emails';
import { claimAlertSlots, releaseAlertSlots } from './alert-slots';
import { reachedAtOnce } from './instant-channels';
import { queuePushes } from '../push/push-outbox';
import { queueNoticeTexts } from '../sms/notification-texts';

/** Who a notification goes to, as read from the users table. */
export interface Recipient {
  userId: string;
  email: string;
  name: string;
  accountType: AccountType;
  /** The recipient's portal root, e.g. '/practice-portal' or '/hygienist-portal'. */
  portalPath: string;
}

/** What the recipient reads: the bell entry, and the e-mail (sent unless they turned it off). */
export interface ComposedNotification {
  title: string;
  body: string;
  /** Where the bell entry leads, inside the recipient's portal. */
  linkPath: string;
  /** The same page as a full address (PUBLIC_URL + linkPath), for a text message. */
  linkUrl: string;
  email: QueuedEmail;
}

export interface NotificationMessage {
  userId: string;
  kind: NotificationKind;
  /**
   * Makes the notice happen once (a job that runs twice): the bell entry gets an id derived from
   * the key and the e-mail the key itself, so a second delivery inserts neither.
   */
  dedupeKey?: string;
  /**
   * Only the bell entry ('bell') or only the e-mail ('email'); both when unset. The e-mail still
   * follows the recipient's setting for the kind.
   */
  channel?: 'bell' | 'email';
  /**
   * 'unless_texted_or_pushed': the e-mail goes only to a recipient the notice reaches neither by
   * push nor by text (instant-channels.ts), as an urgent shift is told (decision record 052).
   * Unset: the e-mail follows the recipient's setting alone.
   */
  email?: 'unless_texted_or_pushed';
  compose(recipient: Recipient): ComposedNotification;
}

/**
 * What one queued notice comes to (notifications/notice-worker.ts): its messages, recorded with
 * those of the rest of the worker's batch in one deliverNotifications, and the shift whose new
 * applicants its practice is then e-mailed about (applicant-emails.ts, for the whole batch at
 * once: the e-mail reads what was recorded).
 */
export interface CollectedNotices {
  messages: NotificationMessage[];
  emailApplicantsOf?: ApplicantEmailAsk;
}

/** A UUID derived from a key (SHA-256, version 8 'custom' layout): the same key, the same id. */
export function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The portal settings page where e-mails are turned on or off. */
export function settingsPath(accountType: AccountType): string {
  return `${portalPathByAccountType[accountType]}/settings`;
}

/**
 * Delivers notifications in a few set-based statements, in the caller's transaction: reads the
 * recipients and their e-mail choices, inserts every bell entry, queues the e-mails of the
 * kinds each recipient has not turned off (no stored choice means on), and queues a push to
 * each device of the recipients of the bell entries inserted now, unless they turned push of
 * the kind off (push/push-outbox.ts). Returns how many bell entries, e-mails and pushes were
 * created.
 *
 * Shift alerts (the kinds of `shiftAlertKinds`) are capped per professional and New Jersey day
 * of `now`, the market time of the delivery (alert-slots.ts): each new alert takes a slot, claimed
 * in this transaction; an alert without one is dropped on every channel (bell, e-mail, push,
 * text). A repeat of an alert already delivered (its dedupe key's bell entry exists) takes none.
 * `now` is needed only when `messages` may hold shift alerts.
 */
export async function deliverNotifications(
  db: Database,
  messages: NotificationMessage[],
  now?: Date,
): Promise<{ notifications: number; emails: number; pushes: number }> {
  const delivered = { notifications: 0, emails: 0, pushes: 0 };
  // A job's batch (a morning's shift reminders) in parts: building one insert of thousands of
  // rows held the server's thread for 0.3 s and more.
  for (let start = 0; start < messages.length; start += DELIVERY_PART) {
    const part = await deliverPart(db, messages.slice(start, start + DELIVERY_PART), now);
    delivered.notifications += part.notifications;
    delivered.emails += part.emails;
    delivered.pushes += part.pushes;
  }
  return delivered;
}

/** The most messages whose rows one set of statements inserts. */
const DELIVERY_PART = 100;

/**
 * The messages that may be delivered: every one that is not a shift alert, each repeat of an
 * alert already delivered, and as many new alerts of each professional as they have slots left
 * today (their first ones, in the order given); `claimed` are the new alerts that took a slot,
 * and `giveBackSlots` returns the slots of those of them not delivered after all.
 */
async function withinAlertCap(
  db: Database,
  messages: NotificationMessage[],
  now: Date | undefined,
): Promise<{
  allowed: NotificationMessage[];
  claimed: Set<NotificationMessage>;
  giveBackSlots: (userIds: string[]) => Promise<void>;
}> {
  const alerts = messages.filter((message) => isShiftAlertKind(message.kind));
  if (alerts.length === 0) {
    return { allowed: messages, claimed: new Set(), giveBackSlots: async () => {} };
  }
  if (!now) throw new Error('Shift alerts are delivered as of a market time: pass `now`');
  const keyed = alerts.filter((message) => message.dedupeKey);
  const existing = keyed.length
    ? await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          inArray(
            notifications.id,
            keyed.map((message) => uuidFromKey(message.dedupeKey!)),
          ),
        )
    : [];
  const deliveredBefore = new Set(existing.map((row) => row.id));
  const isRepeat = (message: NotificationMessage) =>
    message.dedupeKey !== undefined && deliveredBefore.has(uuidFromKey(message.dedupeKey));
  const fresh = alerts.filter((message) => !isRepeat(message));
  const slots = await claimAlertSlots(
    db,
    fresh.map((message) => message.userId),
    now,
  );
  const claimed = new Set<NotificationMessage>();
  for (const message of fresh) {
    const left = slots.get(message.userId) ?? 0;
    if (left === 0) continue;
    claimed.add(message);
    slots.set(message.userId, left - 1);
  }
  return {
    allowed: messages.filter(
      (message) => !isShiftAlertKind(message.kind) || isRepeat(message) || claimed.has(message),
    ),
    claimed,
    giveBackSlots: (userIds) => releaseAlertSlots(db, userIds, now),
  };
}

async function deliverPart(
  db: Database,
  messages: NotificationMessage[],
  now: Date | undefined,
): Promise<{ notifications: number; emails: number; pushes: number }> {
  if (messages.length === 0) return { notifications: 0, emails: 0, pushes: 0 };
  const userIds = [...new Set(messages.map((message) => message.userId))];
  const kinds = [...new Set(messages.map((message) => message.kind))];
  // One after the other: a transaction is one connection.
  const users = await db
    .select({ id: user.id, email: user.email, name: user.name, accountType: user.accountType })
    .from(user)
    .where(inArray(user.id, userIds));
  const optedOut = await db
    .select({ userId: emailPreferences.userId, kind: emailPreferences.kind })
    .from(emailPreferences)
    .where(
      and(
        inArray(emailPreferences.userId, userIds),
        inArray(emailPreferences.kind, kinds),
        eq(emailPreferences.enabled, false),
      ),
    );
  const recipients = new Map(
    users.map((row) => [
      row.id,
      {
        userId: row.id,
        email: row.email,
        name: row.name,
        accountType: row.accountType,
        portalPath: portalPathByAccountType[row.accountType],
      } satisfies Recipient,
    ]),
  );
  const off = new Set(optedOut.map((row) => `${row.userId}:${row.kind}`));

  // Shift alerts past the recipient's daily cap are dropped here, before anything is composed.
  const {
    allowed: known,
    claimed,
    giveBackSlots,
  } = await withinAlertCap(
    db,
    messages.filter((message) => recipients.has(message.userId)),
    now,
  );
  // Composed a few milliseconds at a time (each e-mail is rendered to HTML): the requests
  // arriving meanwhile are answered between the slices, not after the whole batch.
  const composed = await mapInSlices(known, (message) => ({
    message,
    notice: message.compose(recipients.get(message.userId)!),
  }));
  if (composed.length === 0) return { notifications: 0, emails: 0, pushes: 0 };

  // Each entry's id is chosen here (derived from its key, when it has one), so the entries
  // actually inserted are known by id: only those are pushed.
  const bells = composed
    .filter(({ message }) => message.channel !== 'email')
    .map((entry) => ({
      ...entry,
      id: entry.message.dedupeKey ? uuidFromKey(entry.message.dedupeKey) : randomUUID(),
    }));
  const inserted = bells.length
    ? await db
        .insert(notifications)
        .values(
          bells.map(({ id, message, notice }) => ({
            id,
            userId: message.userId,
            kind: message.kind,
            title: notice.title,
            body: notice.body,
            linkPath: notice.linkPath,
          })),
        )
        .onConflictDoNothing({ target: notifications.id })
        .returning({ id: notifications.id })
    : [];
  // A notice delivered before (a job run twice) inserted nothing and is not pushed again.
  const insertedIds = new Set(inserted.map((row) => row.id));
  // An alert whose bell entry another delivery of the same notice inserted meanwhile gives its
  // slot back: that delivery took one for it.
  await giveBackSlots(
    bells
      .filter(({ id, message }) => claimed.has(message) && !insertedIds.has(id))
      .map(({ message }) => message.userId),
  );
  const pushes = await queuePushes(
    db,
    bells
      .filter(({ id }) => insertedIds.has(id))
      .map(({ id, message, notice }) => ({
        userId: message.userId,
        kind: message.kind,
        payload: { title: notice.title, body: notice.body, url: notice.linkPath, tag: id },
        dedupeKey: `notification:${id}`,
      })),
  );
  // Texts for the bell entries made now (not those a repeated delivery found already there).
  await queueNoticeTexts(
    db,
    bells
      .filter(({ id }) => insertedIds.has(id))
      .map(({ id, message, notice }) => ({
        notificationId: id,
        userId: message.userId,
        kind: message.kind,
        title: notice.title,
        body: notice.body,
        linkUrl: notice.linkUrl,
      })),
  );

  const instant = await reachedAtOnceOf(
    db,
    composed.map(({ message }) => message),
  );
  const queued = await enqueueEmails(
    db,
    composed
      .filter(({ message }) => message.channel !== 'bell')
      .filter(({ message }) => !off.has(`${message.userId}:${message.kind}`))
      .filter(
        ({ message }) =>
          message.email !== 'unless_texted_or_pushed' ||
          !instant.has(`${message.userId}:${message.kind}`),
      )
      .map(({ message, notice }) => ({ ...notice.email, dedupeKey: message.dedupeKey })),
  );
  return { notifications: inserted.length, emails: queued.length, pushes };
}

/**
 * The recipients of the messages e-mailed only without push or text ('unless_texted_or_pushed')
 * whom push or text reaches, as `userId:kind` (one statement per kind among them).
 */
async function reachedAtOnceOf(
  db: Database,
  messages: NotificationMessage[],
): Promise<Set<string>> {
  const reached = new Set<string>();
  const fallback = messages.filter((message) => message.email === 'unless_texted_or_pushed');
  for (const kind of new Set(fallback.map((message) => message.kind))) {
    const users = await reachedAtOnce(
      db,
      fallback.filter((message) => message.kind === kind).map((message) => message.userId),
      kind,
    );
    for (const userId of users) reached.add(`${userId}:${kind}`);
  }
  return reached;
}
