import { sql } from 'drizzle-orm';
import {
  MESSAGE_EMAIL_AFTER_MINUTES,
  MESSAGE_EMAIL_GAP_MINUTES,
  conversationPath,
  messageTexts,
} from '@shared/conversations/conversations';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { queryRows, type Database } from '../db/client';
import type { Env } from '../env';
import { deliverNotifications, type NotificationMessage } from './deliver-notifications';
import { composeNotice } from './marketplace-messages';
import { shiftDay, shiftHours } from './shift-wording';

/** Conversations e-mailed about per run, at most (the next minute's run takes the rest). */
const BATCH = 500;
/** How much of the newest unread message the e-mail quotes. */
const QUOTE_LENGTH = 300;

interface DueConversation {
  id: string;
  shift_id: string;
  professional_id: string;
  recipient: 'practice' | 'professional';
  user_id: string;
  sender_name: string;
  position: ShiftPosition;
  starts_at: Date | string;
  ends_at: Date | string;
  waiting: number;
  newest: string;
}

/** The key that makes one e-mail of a conversation to one side go out once per moment. */
export function messageEmailKey(conversationId: string, side: string, now: Date): string {
  return `message:${conversationId}:${side}:${now.toISOString()}`;
}

/**
 * The e-mail fallback (decision record 025): each side of a conversation with a message from
 * the other side unread for MESSAGE_EMAIL_AFTER_MINUTES, that it was not e-mailed about yet, is
 * e-mailed once (unless turned off) quoting the newest message (the bell already counts unread
 * messages as they arrive, so no bell entry is added), and
 * then not again about this conversation for MESSAGE_EMAIL_GAP_MINUTES. The conversation rows
 * are locked and marked in the same transaction, and the outbox key makes a retried run queue
 * nothing twice. Bounded to BATCH conversations a run.
 */
export async function emailUnreadMessages(
  tx: Database,
  env: Pick<Env, 'publicUrl'>,
  now: Date,
): Promise<{ conversations: number; emails: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = await queryRows<DueConversation>(
    tx,
    sql`select c.id, c.shift_id, c.professional_id, side.recipient,
        case side.recipient when 'practice' then pr.user_id else p.user_id end as user_id,
        case side.recipient when 'practice'
          then coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), 'A professional')
          else pr.practice_name end as sender_name,
        s.position, s.starts_at, s.ends_at, w.waiting, w.newest
      from conversations c
      join shifts s on s.id = c.shift_id
      join practices pr on pr.id = c.practice_id
      join professionals p on p.id = c.professional_id
      cross join (values ('practice'), ('professional')) as side(recipient)
      cross join lateral (
        select count(*)::int as waiting,
          (array_agg(m.body order by m.created_at desc, m.id desc))[1] as newest
        from conversation_messages m
        where m.conversation_id = c.id and m.sender <> side.recipient and m.read_at is null
          and m.created_at > coalesce(case side.recipient when 'practice'
            then c.practice_emailed_at else c.professional_emailed_at end, '-infinity'::timestamptz)
      ) w
      where c.id in (
          -- Only conversations with a message left unread long enough (the partial index of
          -- unread messages), not every conversation kept for 12 months.
          select u.conversation_id from conversation_messages u
          where u.read_at is null
            and u.created_at <= ${at} - make_interval(mins => ${MESSAGE_EMAIL_AFTER_MINUTES}))
        -- A block (either side) stops the e-mails of what was sent before it, as it stops sending.
        and not exists (select 1 from blocks bl
          where bl.practice_id = c.practice_id and bl.professional_id = c.professional_id)
        and w.waiting > 0
        and exists (select 1 from conversation_messages m
          where m.conversation_id = c.id and m.sender <> side.recipient and m.read_at is null
            and m.created_at <= ${at} - make_interval(mins => ${MESSAGE_EMAIL_AFTER_MINUTES})
            and m.created_at > coalesce(case side.recipient when 'practice'
              then c.practice_emailed_at else c.professional_emailed_at end, '-infinity'::timestamptz))
        and coalesce(case side.recipient when 'practice'
            then c.practice_emailed_at else c.professional_emailed_at end, '-infinity'::timestamptz)
          <= ${at} - make_interval(mins => ${MESSAGE_EMAIL_GAP_MINUTES})
      order by c.last_message_at, c.id, side.recipient
      limit ${BATCH}
      -- The lighter row lock: a message being sent meanwhile (its insert only needs the key)
      -- does not wait for this run, and rows another run holds are left to it.
      for no key update of c skip locked`,
  );
  if (due.length === 0) return { conversations: 0, emails: 0 };
  for (const row of due) {
    await tx.execute(
      row.recipient === 'practice'
        ? sql`update conversations set practice_emailed_at = ${at} where id = ${row.id}::uuid`
        : sql`update conversations set professional_emailed_at = ${at} where id = ${row.id}::uuid`,
    );
  }
  const notices: NotificationMessage[] = due.map((row) => {
    const startTime = new Date(row.starts_at).toISOString();
    const endTime = new Date(row.ends_at).toISOString();
    const shift = `${row.position} shift on ${shiftDay(startTime)}`;
    const count = Number(row.waiting);
    const quote =
      row.newest.length > QUOTE_LENGTH ? `${row.newest.slice(0, QUOTE_LENGTH)}…` : row.newest;
    return {
      userId: row.user_id,
      kind: 'message',
      channel: 'email',
      dedupeKey: messageEmailKey(row.id, row.recipient, now),
      // Each message was pushed to the recipient's devices as it was sent (message-pushes.ts).
      compose: (recipient) =>
        composeNotice(recipient, env.publicUrl, {
          title: messageTexts.emailTitle(row.sender_name),
          body: messageTexts.emailBody(row.sender_name, count, shift),
          paragraphs: [
            messageTexts.emailBody(row.sender_name, count, shift),
            `“${quote}”`,
            messageTexts.emailNoReply,
          ],
          details: [
            ['Shift', `${row.position}, ${shiftDay(startTime)}`],
            ['Hours', shiftHours(startTime, endTime)],
          ],
          linkPath: conversationPath(
            recipient.portalPath,
            row.recipient,
            row.shift_id,
            row.professional_id,
          ),
          actionLabel: messageTexts.emailAction,
        }),
    };
  });
  const delivered = await deliverNotifications(tx, notices);
  return { conversations: due.length, emails: delivered.emails };
}
