import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  MESSAGE_MAX_LENGTH,
  conversationPath,
  messageTexts,
} from '@shared/conversations/conversations-constants';
import type {
  ConversationMessageDto,
  ConversationSummaryDto,
  ConversationThreadDto,
} from '@shared/conversations/conversation-replies';
import { formatShiftHours, formatShortShiftDate } from '@shared/date-format';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { useConversations, useSendMessage, useThread } from '../api/conversations';
import type { MessageSide } from '../api/query-keys';

/** The portal the page is in: '/practice-portal', '/hygienist-portal', … */
function usePortalPath(): string {
  const { pathname } = useLocation();
  return `/${pathname.split('/')[1] ?? ''}`;
}

function shiftLine(shift: ConversationSummaryDto['shift']): string {
  return `${shift.position} · ${formatShortShiftDate(shift.startTime)}, ${formatShiftHours(shift.startTime, shift.endTime)}`;
}

/** "When" of a message, in the reader's zone: 'Dec 2, 3:05 PM'. */
function sentAt(instant: string): string {
  return new Date(instant).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The reminder not to write patient information, on the list and every conversation. */
function PatientInformationNotice() {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {messageTexts.banner}
    </p>
  );
}

/**
 * Messages, in the practice's and the professionals' portals (decision record 025): the list of
 * conversations, or one of them when the address names it (…/messages/:shiftId[/:professionalId]).
 */
export function MessagesSection({ side }: { side: MessageSide }) {
  const { shiftId, professionalId } = useParams();
  if (shiftId) {
    return (
      <ConversationThread
        side={side}
        shiftId={shiftId}
        professionalId={side === 'practice' ? (professionalId ?? '') : null}
      />
    );
  }
  return <ConversationList side={side} />;
}

function ConversationList({ side }: { side: MessageSide }) {
  const query = useConversations(side);
  const portalPath = usePortalPath();
  return (
    <section aria-labelledby="messages-title" className="mx-auto max-w-3xl space-y-4">
      <div>
        <h1 id="messages-title" className="text-2xl font-bold text-ink">
          {messageTexts.title}
        </h1>
        <p className="mt-1 text-slate-700">
          {side === 'practice' ? messageTexts.hint : messageTexts.professionalHint}
        </p>
      </div>
      <PatientInformationNotice />
      <QueryState
        query={query}
        failed={messageTexts.loadFailed}
        empty={{
          when: (data) => data.conversations.length === 0,
          message: side === 'practice' ? messageTexts.empty : messageTexts.professionalEmpty,
        }}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.conversations.map((conversation) => (
              <li key={`${conversation.shiftId}:${conversation.professionalId}`}>
                <Link
                  to={conversationPath(
                    portalPath,
                    side,
                    conversation.shiftId,
                    conversation.professionalId,
                  )}
                  className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
                >
                  <span className="flex items-start justify-between gap-2">
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink">{conversation.otherName}</span>
                      <span className="block text-sm text-slate-700">
                        {shiftLine(conversation.shift)}
                      </span>
                    </span>
                    {conversation.unread > 0 ? (
                      <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                        {messageTexts.unread(conversation.unread)}
                      </span>
                    ) : null}
                  </span>
                  {conversation.lastMessage ? (
                    <span className="mt-1 block truncate text-sm text-slate-700">
                      {conversation.lastMessage.mine ? `${messageTexts.you}: ` : ''}
                      {conversation.lastMessage.body}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function ConversationThread({
  side,
  shiftId,
  professionalId,
}: {
  side: MessageSide;
  shiftId: string;
  professionalId: string | null;
}) {
  const query = useThread(side, shiftId, professionalId);
  const portalPath = usePortalPath();
  return (
    <section aria-labelledby="conversation-title" className="mx-auto max-w-3xl space-y-4">
      <Link
        to={`${portalPath}/messages`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {messageTexts.back}
      </Link>
      <QueryState query={query} failed={messageTexts.loadFailed}>
        {(thread) => (
          <ThreadBody
            thread={thread}
            side={side}
            shiftId={shiftId}
            professionalId={professionalId}
          />
        )}
      </QueryState>
    </section>
  );
}

function ThreadBody({
  thread,
  side,
  shiftId,
  professionalId,
}: {
  thread: ConversationThreadDto;
  side: MessageSide;
  shiftId: string;
  professionalId: string | null;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const count = thread.messages.length;
  // The newest message in view when the conversation opens and when one arrives.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);
  return (
    <>
      <div>
        <h1 id="conversation-title" className="text-2xl font-bold text-ink">
          {thread.otherName}
        </h1>
        <p className="text-slate-700">{shiftLine(thread.shift)}</p>
      </div>
      <PatientInformationNotice />
      {count === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {messageTexts.noMessages}
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-label={`Messages with ${thread.otherName}`}
          tabIndex={0}
          className="max-h-[60vh] space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {thread.messages.map((message) => (
            <MessageBubble key={message.id} message={message} otherName={thread.otherName} />
          ))}
        </ol>
      )}
      {thread.canSend ? (
        <Composer side={side} shiftId={shiftId} professionalId={professionalId} />
      ) : (
        <p className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
          {messageTexts.cannotSend}
        </p>
      )}
    </>
  );
}

function MessageBubble({
  message,
  otherName,
}: {
  message: ConversationMessageDto;
  otherName: string;
}) {
  const mine = message.mine;
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div className={`max-w-[85%] sm:max-w-[75%] ${mine ? 'text-right' : 'text-left'}`}>
        <p className="sr-only">{mine ? messageTexts.you : otherName}:</p>
        <p
          className={`whitespace-pre-wrap rounded-lg px-3 py-2 text-left [overflow-wrap:anywhere] ${
            mine ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-ink'
          }`}
        >
          {message.body}
        </p>
        <p className="mt-1 text-xs text-slate-700">
          {sentAt(message.createdAt)}
          {mine ? ` · ${message.readAt ? messageTexts.read : messageTexts.sent}` : ''}
        </p>
      </div>
    </li>
  );
}

function Composer({
  side,
  shiftId,
  professionalId,
}: {
  side: MessageSide;
  shiftId: string;
  professionalId: string | null;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(side, shiftId, professionalId);
  const left = MESSAGE_MAX_LENGTH - body.length;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (body.trim() === '') {
      setError(messageTexts.bodyRequired);
      return;
    }
    setError(null);
    send.mutate(
      { body },
      {
        onSuccess: () => setBody(''),
        onError: (failure) =>
          setError(
            (failure instanceof ApiError ? failure.fields?.body : undefined) ??
              errorText(failure, messageTexts.sendFailed),
          ),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor="message-body" className="block text-sm font-medium text-slate-800">
        {messageTexts.bodyLabel}
      </label>
      <textarea
        id="message-body"
        value={body}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby="message-body-hint message-body-count"
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 aria-invalid:border-red-700"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700">
        <span id="message-body-hint">{messageTexts.sendHint}</span>
        <span id="message-body-count" aria-live={left <= 100 ? 'polite' : 'off'}>
          {messageTexts.charactersLeft(left)}
        </span>
      </div>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? messageTexts.sending : messageTexts.send}
        </Button>
      </div>
    </form>
  );
}
