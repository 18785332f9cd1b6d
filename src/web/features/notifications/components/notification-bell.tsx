import { formatDistanceToNow } from 'date-fns';
import { Bell, Check } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages } from '@shared/marketplace/notification-constants';
import type { NotificationDto } from '@shared/marketplace/notification-replies';
import { Button } from '@web/components/ui/button';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotifications } from '../api/notifications';

/** The person's unread messages, which the bell counts too, and where they are read. */
export interface UnreadMessages {
  count: number;
  path: string;
}

/**
 * The bell in the portal header: the unread count (notifications and messages) in its name
 * ('Notifications, 3 unread') and a badge, and a panel leading to the unread messages and listing
 * the newest notifications, each leading to its page. Escape or a click outside closes the panel
 * and focus returns to the bell. Live updates refresh it at once; it also refreshes every 30
 * seconds and when the window regains focus.
 */
export function NotificationBell({ messages }: { messages?: UnreadMessages }) {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const unreadNotices = notifications.data?.unreadCount ?? 0;
  const unreadMessages = messages?.count ?? 0;
  const unread = unreadNotices + unreadMessages;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        className="relative rounded-md p-2 text-ink hover:bg-slate-100"
        aria-label={notificationMessages.bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <Bell className="h-6 w-6" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="fixed inset-x-2 top-16 z-50 rounded-lg border border-slate-200 bg-white shadow-xl focus:outline-none sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 sm:max-w-[calc(100vw-2rem)]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="text-lg font-bold text-ink">
              Notifications
            </h2>
            <Button
              variant="ghost"
              className="px-2 py-1 text-sm"
              disabled={unreadNotices === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {notificationMessages.markAllRead}
            </Button>
          </div>
          {messages && unreadMessages > 0 ? (
            <Link
              to={messages.path}
              onClick={() => close(false)}
              className="block border-b border-slate-200 bg-brand-50 px-4 py-3 font-semibold text-ink underline-offset-2 hover:underline"
            >
              {notificationMessages.unreadMessages(unreadMessages)}
            </Link>
          ) : null}
          <NotificationList
            items={notifications.data?.notifications}
            loading={notifications.isPending}
            failed={notifications.isLoadingError}
            onFollow={() => close(false)}
          />
        </div>
      ) : null}
    </div>
  );
}

function NotificationList({
  items,
  loading,
  failed,
  onFollow,
}: {
  items: NotificationDto[] | undefined;
  loading: boolean;
  failed: boolean;
  onFollow: () => void;
}) {
  if (loading) {
    return (
      <p role="status" className="px-4 py-6 text-slate-700">
        Loading notifications…
      </p>
    );
  }
  if (failed || !items) {
    return (
      <p role="alert" className="px-4 py-6 text-red-800">
        {notificationMessages.loadFailed}
      </p>
    );
  }
  if (items.length === 0) {
    return <p className="px-4 py-6 text-slate-700">{notificationMessages.empty}</p>;
  }
  return (
    <ul className="max-h-[28rem] divide-y divide-slate-200 overflow-y-auto">
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} onFollow={onFollow} />
      ))}
    </ul>
  );
}

function NotificationItem({ item, onFollow }: { item: NotificationDto; onFollow: () => void }) {
  const markRead = useMarkNotificationRead();
  const follow = () => {
    if (!item.read) markRead.mutate(item.id);
    onFollow();
  };
  return (
    <li className={`flex gap-3 px-4 py-3 ${item.read ? 'bg-white' : 'bg-brand-50'}`}>
      <span
        aria-hidden="true"
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand-600'}`}
      />
      <div className="min-w-0 flex-1">
        {item.linkPath ? (
          <Link
            to={item.linkPath}
            onClick={follow}
            className="block font-semibold text-ink underline-offset-2 hover:underline"
          >
            {item.read ? null : <span className="sr-only">Unread: </span>}
            {item.title}
          </Link>
        ) : (
          <p className="font-semibold text-ink">
            {item.read ? null : <span className="sr-only">Unread: </span>}
            {item.title}
          </p>
        )}
        {item.body ? <p className="mt-1 text-sm text-slate-700">{item.body}</p> : null}
        <p className="mt-1 text-xs text-slate-600">
          <time dateTime={item.createdAt}>
            {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
          </time>
        </p>
      </div>
      {item.read ? null : (
        <button
          type="button"
          className="h-8 shrink-0 rounded-md p-1.5 text-brand-700 hover:bg-brand-100"
          aria-label={`${notificationMessages.markRead}: ${item.title}`}
          title={notificationMessages.markRead}
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(item.id)}
        >
          <Check className="h-5 w-5" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
