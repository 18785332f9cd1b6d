import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_KEPT_MONTHS,
  MESSAGES_PER_MINUTE,
  THREAD_MESSAGE_LIMIT,
  messageTexts,
} from '@shared/conversations/conversations';
import type {
  ConversationSummaryDto,
  ConversationThreadDto,
} from '@shared/conversations/conversation-replies';
import type { ProfessionalRole } from '@shared/accounts';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { queryRows, type Database } from '../../db/client';
import { announcedIfQueued } from '../../db/outbox-queue';
import { messagePush } from '../../push/message-pushes';
import { pushRowsInsert } from '../../push/push-outbox';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { keptAnswer } from '../kept-answer-registry';
import { keptAnswersFor } from '../kept-answers';
import { professionalIdOf } from '../marketplace/marketplace-actors';
import type { ProfessionalAccount } from '../professional/professional-account';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit';

/**
 * Messages between a practice and a professional about one shift (decision record 025).
 *
 * Who may talk: the shift's practice and a professional who applied for it (an application in
 * any state but withdrawn) or is or was booked on it, while the shift ended less than
 * CONVERSATION_KEPT_MONTHS ago. Either side may write first; the conversation row is made by
 * the first message. A block between the two (either side) stops new messages with the same
 * answer as an unknown conversation; the history stays readable. Anyone else gets 404.
 */

export type Side = 'practice' | 'professional';

/** Who is asking: a practice (its id) or a professional (their account). */
export type ConversationActor =
  | { side: 'practice'; practiceId: string; userId: string }
  | { side: 'professional'; account: ProfessionalAccount };

const errors = {
  notFound: () => new DomainError(404, 'conversation_not_found', messageTexts.notFound),
  tooMany: () => new DomainError(429, 'too_many_messages', messageTexts.tooMany),
};

const keptSince = (now: Date) =>
  sql`${now.toISOString()}::timestamptz - make_interval(months => ${CONVERSATION_KEPT_MONTHS})`;

interface PairRow {
  shift_id: string;
  practice_id: string;
  position: ShiftPosition;
  starts_at: Date | string;
  ends_at: Date | string;
  practice_name: string;
  professional_id: string;
  professional_name: string;
  practice_user_id: string;
  professional_user_id: string;
  professional_role: ProfessionalRole;
  conversation_id: string | null;
  /** Messages of the other side the actor has not read yet. */
  has_unread: boolean;
  related: boolean;
  blocked: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The account the actor signed in with. */
function userIdOf(actor: ConversationActor): string {
  return actor.side === 'practice' ? actor.userId : actor.account.id;
}

/** The actor's side of the pair, or nothing when the actor is not one of its two parties. */
function ownerCondition(actor: ConversationActor) {
  return actor.side === 'practice'
    ? sql`s.practice_id = ${actor.practiceId}::uuid`
    : sql`p.user_id = ${actor.account.id}::uuid`;
}

/**
 * The shift and professional of a conversation as the actor may see them: null unless the
 * actor is one of the two parties and they may talk (or talked) about a shift still kept.
 */
async function findPair(
  db: Database,
  actor: ConversationActor,
  shiftId: string,
  professionalId: string | null,
  now: Date,
): Promise<PairRow | null> {
  const professional =
    professionalId === null
      ? sql`p.user_id = ${actor.side === 'professional' ? actor.account.id : null}::uuid`
      : sql`p.id = ${professionalId}::uuid`;
  const [row] = await queryRows<PairRow>(
    db,
    sql`select s.id as shift_id, s.practice_id, s.position, s.starts_at, s.ends_at,
        pr.practice_name, p.id as professional_id,
        coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), 'Professional') as professional_name,
        pr.user_id as practice_user_id, p.user_id as professional_user_id,
        p.role as professional_role,
        c.id as conversation_id,
        exists (select 1 from conversation_messages u where u.conversation_id = c.id
          and u.sender <> ${actor.side} and u.read_at is null) as has_unread,
        (exists (select 1 from shift_applications a where a.shift_id = s.id
            and a.professional_id = p.id and a.status <> 'withdrawn')
          or exists (select 1 from bookings b where b.shift_id = s.id
            and b.professional_id = p.id)) as related,
        exists (select 1 from blocks bl where bl.practice_id = s.practice_id
          and bl.professional_id = p.id) as blocked
      from shifts s
      join practices pr on pr.id = s.practice_id
      join professionals p on ${professional}
      left join conversations c on c.shift_id = s.id and c.professional_id = p.id
      where s.id = ${shiftId}::uuid and s.ends_at > ${keptSince(now)}
        and ${ownerCondition(actor)}`,
  );
  if (!row || (!row.related && !row.conversation_id)) return null;
  return row;
}

function otherName(
  actor: ConversationActor,
  row: { practice_name: string; professional_name: string },
) {
  return actor.side === 'practice' ? row.professional_name : row.practice_name;
}

/** Reads one conversation (also one not started yet) and marks the other side's messages read. */
export async function readConversation(
  ctx: ServiceContext,
  actor: ConversationActor,
  shiftId: string,
  professionalId: string | null,
  now: Date = ctx.clock.now(),
): Promise<ConversationThreadDto> {
  return (await readPairThread(ctx, actor, shiftId, professionalId, now)).thread;
}

/** readConversation, with the pair it read (who the two are, whether anything was unread). */
async function readPairThread(
  ctx: ServiceContext,
  actor: ConversationActor,
  shiftId: string,
  professionalId: string | null,
  now: Date,
) {
  const pair = await findPair(ctx.db, actor, shiftId, professionalId, now);
  if (!pair) throw errors.notFound();
  return { pair, thread: await threadOf(ctx, actor, pair, now) };
}

/**
 * GET a conversation as sent, kept in the server's memory (decision record 011) while nothing in
 * it is unread for the reader: until a message of the reader's side is written or read
 * ('talk:<side>:<id>', which the other party's reading of the reader's messages announces too),
 * the shift, practice, professional, an application, booking or block between the two changes
 * (their 'practice:' and 'professional:' tags), or the shift leaves the kept months. A read that
 * marks messages read is answered, not kept.
 */
export function conversationJson(
  ctx: ServiceContext,
  actor: ConversationActor,
  shiftId: string,
  professionalId: string | null,
): Promise<string> {
  return keptAnswer(
    ctx.db,
    'conversation',
    [...actorKey(actor), shiftId, professionalId],
    async () => {
      const { pair, thread } = await readPairThread(
        ctx,
        actor,
        shiftId,
        professionalId,
        ctx.clock.now(),
      );
      const talkId = actor.side === 'practice' ? pair.practice_id : pair.professional_id;
      return {
        body: JSON.stringify(thread),
        tags: [
          talkTag(actor.side, talkId),
          `practice:${pair.practice_id}`,
          `professional:${pair.professional_id}`,
          `user:${userIdOf(actor)}`,
        ],
        expiresAt: pair.has_unread ? 0 : keptUntil(new Date(pair.ends_at)),
      };
    },
  );
}

/** The pair's thread as the actor reads it, the other side's messages marked read. */
async function threadOf(
  ctx: ServiceContext,
  actor: ConversationActor,
  pair: PairRow,
  now: Date,
): Promise<ConversationThreadDto> {
  const conversationId = pair.conversation_id;
  // Nothing unread: the messages are only read (one statement, no transaction).
  const messages = !conversationId
    ? []
    : pair.has_unread
      ? await ctx.db.transaction((tx) => readThreadMessages(tx, actor, conversationId, now))
      : await newestMessages(ctx.db, conversationId);
  // Marked read: their own kept counts go at once (a read is not a write to the request
  // middleware; other servers hear the messages' announcement).
  if (conversationId && pair.has_unread) {
    keptAnswersFor(ctx.db).forgetUser(userIdOf(actor));
  }
  return toThread(actor, pair, messages);
}

interface ThreadMessageRow {
  id: string;
  body: string;
  sender: Side;
  created_at: Date | string;
  read_at: Date | string | null;
}

/**
 * The conversation's newest messages as the actor reads them now: the other side's unread ones
 * are marked read first (in the caller's transaction).
 */
async function readThreadMessages(
  tx: Database,
  actor: ConversationActor,
  conversationId: string,
  now: Date,
): Promise<ThreadMessageRow[]> {
  await tx.execute(
    readByNow(sql`${conversationId}::uuid`, actor.side, sql`${now.toISOString()}::timestamptz`),
  );
  return newestMessages(tx, conversationId);
}

/** The update marking read, at `at`, the messages `reader`'s side has not read of a conversation. */
function readByNow(conversationId: SQL, reader: Side, at: SQL): SQL {
  return sql`update conversation_messages set read_at = ${at}
      where conversation_id = ${conversationId} and sender <> ${reader} and read_at is null`;
}

/** The conversation's newest messages, oldest first. */
function newestMessages(db: Database, conversationId: string): Promise<ThreadMessageRow[]> {
  return queryRows<ThreadMessageRow>(
    db,
    sql`select * from (
        select id, body, sender, created_at, read_at from conversation_messages
        where conversation_id = ${conversationId}::uuid
        order by created_at desc, id desc limit ${THREAD_MESSAGE_LIMIT}
      ) newest order by created_at, id`,
  );
}

function toThread(
  actor: ConversationActor,
  pair: PairRow,
  messages: readonly ThreadMessageRow[],
): ConversationThreadDto {
  return {
    shiftId: pair.shift_id,
    professionalId: pair.professional_id,
    otherName: otherName(actor, pair),
    shift: {
      id: pair.shift_id,
      position: pair.position,
      startTime: iso(pair.starts_at),
      endTime: iso(pair.ends_at),
    },
    canSend: pair.related && !pair.blocked,
    messages: messages.map((message) => ({
      id: message.id,
      body: message.body,
      mine: message.sender === actor.side,
      createdAt: iso(message.created_at),
      readAt: message.read_at === null ? null : iso(message.read_at),
    })),
  };
}

/**
 * Sends a message (starting the conversation when it is the first). Refused as unknown (404)
 * unless the two may talk and no block stands between them; over MESSAGES_PER_MINUTE a
 * minute per sender, 429. Answers the conversation as the sender now reads it.
 */
export async function sendMessage(
  ctx: ServiceContext,
  actor: ConversationActor,
  shiftId: string,
  professionalId: string | null,
  input: { body: string },
  now: Date = ctx.clock.now(),
): Promise<ConversationThreadDto> {
  const pair = await findPair(ctx.db, actor, shiftId, professionalId, now);
  if (!pair || !pair.related || pair.blocked) throw errors.notFound();
  const senderKey = `messages:user:${userIdOf(actor)}`;
  if (
    !(await consumeRateLimit(ctx.db, senderKey, { max: MESSAGES_PER_MINUTE, windowSeconds: 60 }))
  ) {
    throw errors.tooMany();
  }
  const at = sql`${now.toISOString()}::timestamptz`;
  const messageId = randomUUID();
  const to = actor.side === 'practice' ? 'professional' : 'practice';
  // Pushed to the other side's devices at once (unless they turned message pushes off).
  const push = messagePush({
    messageId,
    shiftId: pair.shift_id,
    professionalId: pair.professional_id,
    to,
    toUserId: to === 'practice' ? pair.practice_user_id : pair.professional_user_id,
    toAccountType: to === 'practice' ? 'practice' : pair.professional_role,
    fromName: actor.side === 'practice' ? pair.practice_name : pair.professional_name,
    body: input.body,
  });
  // One statement, so all or nothing without a transaction: the conversation (started by the
  // first message), the message, the other side's messages marked read (the sender reads the
  // thread in the answer), and its push queued and announced.
  const [sent] = await queryRows<{ conversation_id: string }>(
    ctx.db,
    sql`with conversation as (
        insert into conversations (shift_id, practice_id, professional_id, created_at, last_message_at)
        values (${pair.shift_id}::uuid, ${pair.practice_id}::uuid, ${pair.professional_id}::uuid, ${at}, ${at})
        on conflict (shift_id, professional_id) do update set last_message_at = excluded.last_message_at
        returning id
      ), sent as (
        insert into conversation_messages (id, conversation_id, sender, body, created_at)
        select ${messageId}::uuid, id, ${actor.side}, ${input.body}, ${at} from conversation
        returning conversation_id
      ), seen as (${readByNow(sql`(select id from conversation)`, actor.side, at)}), pushed as (${pushRowsInsert([push])})
      select conversation_id, ${announcedIfQueued('push_outbox', 'pushed')} as announced
      from sent`,
  );
  // The conversation as the sender now reads it, their message in it.
  const messages = await newestMessages(ctx.db, sent!.conversation_id);
  return toThread(actor, pair, messages);
}

/** The actor's conversations, the latest message first (at most 100). */
export async function listConversations(
  ctx: ServiceContext,
  actor: ConversationActor,
  now: Date = ctx.clock.now(),
): Promise<ConversationSummaryDto[]> {
  return (await readConversations(ctx, actor, now)).conversations;
}

/** listConversations, with the practices and professionals it names. */
async function readConversations(ctx: ServiceContext, actor: ConversationActor, now: Date) {
  const rows = await queryRows<{
    shift_id: string;
    practice_id: string;
    professional_id: string;
    practice_name: string;
    professional_name: string;
    position: ShiftPosition;
    starts_at: Date | string;
    ends_at: Date | string;
    body: string | null;
    sender: Side | null;
    created_at: Date | string | null;
    unread: number;
  }>(
    ctx.db,
    sql`select c.shift_id, c.practice_id, c.professional_id, pr.practice_name,
        coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), 'Professional') as professional_name,
        s.position, s.starts_at, s.ends_at, last.body, last.sender, last.created_at,
        (select count(*)::int from conversation_messages u where u.conversation_id = c.id
          and u.sender <> ${actor.side} and u.read_at is null) as unread
      from conversations c
      join shifts s on s.id = c.shift_id
      join practices pr on pr.id = c.practice_id
      join professionals p on p.id = c.professional_id
      left join lateral (select m.body, m.sender, m.created_at from conversation_messages m
        where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) last on true
      where ${actor.side === 'practice' ? sql`c.practice_id = ${actor.practiceId}::uuid` : sql`p.user_id = ${actor.account.id}::uuid`}
        and s.ends_at > ${keptSince(now)}
      order by c.last_message_at desc, c.id
      limit 100`,
  );
  const conversations = rows.map((row) => ({
    shiftId: row.shift_id,
    professionalId: row.professional_id,
    otherName: otherName(actor, row),
    shift: {
      id: row.shift_id,
      position: row.position,
      startTime: iso(row.starts_at),
      endTime: iso(row.ends_at),
    },
    lastMessage:
      row.body === null || row.created_at === null
        ? null
        : { body: row.body, mine: row.sender === actor.side, createdAt: iso(row.created_at) },
    unread: Number(row.unread),
  }));
  return {
    conversations,
    practiceIds: rows.map((row) => row.practice_id),
    professionalIds: rows.map((row) => row.professional_id),
    firstEnd: earliest(rows.map((row) => row.ends_at)),
  };
}

/**
 * How many messages of the other side the actor has not read, over all their conversations,
 * and the earliest end of the shifts it counts messages of.
 */
async function readUnreadCount(ctx: ServiceContext, actor: ConversationActor, now: Date) {
  const [row] = await queryRows<{ unread: number; first_end: Date | string | null }>(
    ctx.db,
    sql`select count(*)::int as unread, min(s.ends_at) as first_end
      from conversations c
      join shifts s on s.id = c.shift_id
      join conversation_messages m on m.conversation_id = c.id
        and m.sender <> ${actor.side} and m.read_at is null
      ${actor.side === 'practice' ? sql`where c.practice_id = ${actor.practiceId}::uuid` : sql`join professionals p on p.id = c.professional_id where p.user_id = ${actor.account.id}::uuid`}
        and s.ends_at > ${keptSince(now)}`,
  );
  return {
    unread: Number(row?.unread ?? 0),
    firstEnd: row?.first_end ? new Date(row.first_end) : null,
  };
}

/**
 * The tags a change to the actor's messages is announced by (migration 0030: a message written
 * or read announces 'talk:<side>:<id>' of both parties), with their own user tag; null for a
 * professional without a record yet (no conversation either).
 */
async function talkTags(ctx: ServiceContext, actor: ConversationActor): Promise<string[] | null> {
  const talkId =
    actor.side === 'practice' ? actor.practiceId : await professionalIdOf(ctx.db, actor.account.id);
  return talkId ? [talkTag(actor.side, talkId), `user:${userIdOf(actor)}`] : null;
}

/** The tag a message of a practice's or professional's (`id`) written or read announces. */
function talkTag(side: Side, id: string): string {
  return `talk:${side}:${id}`;
}

/**
 * When an answer naming conversations of shifts that ended at `firstEnd` at the earliest stops
 * being right by itself: the first of them leaves the kept months (a day early, whatever the
 * months' lengths).
 */
function keptUntil(firstEnd: Date | null): number {
  if (!firstEnd) return Infinity;
  const until = new Date(firstEnd);
  until.setUTCMonth(until.getUTCMonth() + CONVERSATION_KEPT_MONTHS);
  return until.getTime() - 24 * 3_600_000;
}

function earliest(times: ReadonlyArray<Date | string>): Date | null {
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((time) => new Date(time).getTime())));
}

/**
 * A read of the actor's messages kept in the server's memory (decision record 011) until a
 * message of theirs is written or read, anything else `read` names changes (its `tags`), or its
 * first conversation leaves the kept months. A professional without a record is not kept.
 */
function keptTalk(
  ctx: ServiceContext,
  name: 'conversations' | 'unread-messages',
  actor: ConversationActor,
  read: (now: Date) => Promise<{ body: unknown; tags: string[]; firstEnd: Date | null }>,
): Promise<string> {
  return keptAnswer(ctx.db, name, actorKey(actor), async () => {
    const [talk, answer] = await Promise.all([talkTags(ctx, actor), read(ctx.clock.now())]);
    return {
      body: JSON.stringify(answer.body),
      tags: [...(talk ?? []), ...answer.tags],
      expiresAt: talk ? keptUntil(answer.firstEnd) : 0,
    };
  });
}

/** GET …/conversations as sent, kept (keptTalk). */
export function conversationsJson(ctx: ServiceContext, actor: ConversationActor): Promise<string> {
  return keptTalk(ctx, 'conversations', actor, async (now) => {
    const read = await readConversations(ctx, actor, now);
    return {
      body: { conversations: read.conversations },
      // Names and shifts: a shift announces its practice, a practice and a professional
      // themselves.
      tags: [
        ...new Set(read.practiceIds.map((id) => `practice:${id}`)),
        ...new Set(read.professionalIds.map((id) => `professional:${id}`)),
      ],
      firstEnd: read.firstEnd,
    };
  });
}

/** GET …/conversations/unread as sent, kept (keptTalk). */
export function unreadMessagesJson(ctx: ServiceContext, actor: ConversationActor): Promise<string> {
  return keptTalk(ctx, 'unread-messages', actor, async (now) => {
    const read = await readUnreadCount(ctx, actor, now);
    return { body: { unread: read.unread }, tags: [], firstEnd: read.firstEnd };
  });
}

const actorKey = (actor: ConversationActor) =>
  actor.side === 'practice' ? ['practice', actor.practiceId] : ['professional', actor.account.id];

/** Deletes conversations whose shift ended more than CONVERSATION_KEPT_MONTHS ago, in batches. */
export async function deleteExpiredConversations(
  db: Database,
  now: Date,
  batch = 1000,
): Promise<number> {
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from conversations where id in (
        select c.id from conversations c join shifts s on s.id = c.shift_id
        where s.ends_at <= ${keptSince(now)} limit ${batch})
      returning id`,
  );
  return deleted.length;
}
