import { notificationKindInfo, type NotificationKind } from './notification-constants';

/** The one-click unsubscribe link of a bulk e-mail (RFC 8058): /unsubscribe/<signed token>. */
export function unsubscribePath(token: string): string {
  return `/unsubscribe/${token}`;
}

/** What the unsubscribe page says. */
export const unsubscribeTexts = {
  title: 'Unsubscribe from ChairFill e-mails',
  confirm: (kind: NotificationKind) =>
    `Stop the e-mails '${notificationKindInfo[kind].label}'? You can turn them back on in your portal settings.`,
  button: 'Unsubscribe',
  done: (kind: NotificationKind) =>
    `You are unsubscribed: we no longer send the e-mails '${notificationKindInfo[kind].label}'. You can turn them back on in your portal settings.`,
  settingsLink: 'Open your settings',
  invalid:
    'This unsubscribe link is not valid. You can choose which e-mails you get in your portal settings.',
  emailFooter: 'Unsubscribe from these e-mails',
} as const;
