/** Notification kinds, texts and DTOs, without the validation schema (in notifications.ts, with zod). */
/**
 * Notifications: the in-app bell and the e-mails, one list of kinds. Every kind is shown in the
 * bell; each person can turn the e-mail of each kind off (no stored choice = on).
 *
 * Routes (signed-in practice or professional, own rows only):
 * - GET  /api/notifications                → NotificationsReply (newest first, at most 50)
 * - POST /api/notifications/:id/read       → 204
 * - POST /api/notifications/read-all       → 204
 * - GET  /api/notifications/email-preferences          → EmailPreferencesReply
 * - PUT  /api/notifications/email-preferences { [kind]: boolean } → EmailPreferencesReply
 */
export const notificationKinds = [
  'new_matching_shifts',
  'urgent_shift',
  'application_received',
  'application_declined',
  'applied_shift_update',
  'booking_confirmed',
  'booking_cancelled',
  'verification_decision',
  'credential_update',
  'booked_credential_expired',
  'shift_reminder',
  'timesheet_update',
  'payment_update',
  'shift_invitation',
  'message',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Who receives each kind, and how the e-mail setting is labelled. */
export const notificationKindInfo: Record<
  NotificationKind,
  { audience: 'practice' | 'professional' | 'both'; label: string }
> = {
  new_matching_shifts: { audience: 'professional', label: 'New shifts that match my profile' },
  urgent_shift: { audience: 'professional', label: 'Urgent shifts near me' },
  application_received: { audience: 'practice', label: 'A professional applies for my shift' },
  application_declined: { audience: 'professional', label: 'An application of mine is declined' },
  applied_shift_update: {
    audience: 'professional',
    label: 'A shift I applied for changes or is open again',
  },
  booking_confirmed: { audience: 'both', label: 'A booking is confirmed' },
  booking_cancelled: { audience: 'both', label: 'A booking or shift is cancelled' },
  verification_decision: { audience: 'professional', label: 'My account verification' },
  credential_update: {
    audience: 'professional',
    label: 'My credentials: reviewed, or about to expire',
  },
  booked_credential_expired: {
    audience: 'practice',
    label: 'A credential of a professional booked on my shifts expires',
  },
  shift_reminder: { audience: 'both', label: 'Reminder the day before a booked shift' },
  timesheet_update: {
    audience: 'both',
    label: 'Timesheets: sent for approval, approved, disputed or decided',
  },
  payment_update: { audience: 'both', label: 'Payments: a charge that fails, a payout sent' },
  shift_invitation: {
    audience: 'both',
    label: 'Invitations to a shift: sent to me, or answered',
  },
  message: { audience: 'both', label: 'New messages I have not read for 15 minutes' },
};

/** The bell refetches at least this often (milliseconds). */
export const NOTIFICATION_REFRESH_MS = 30_000;

export type NotificationAudience = 'practice' | 'professional';

/** The kinds a practice or a professional receives (their e-mail settings list these). */
export function notificationKindsFor(audience: NotificationAudience): NotificationKind[] {
  return notificationKinds.filter((kind) => {
    const target = notificationKindInfo[kind].audience;
    return target === 'both' || target === audience;
  });
}

export const notificationMessages = {
  notFound: 'Notification not found',
  notYours: 'This setting does not apply to your account',
  bellLabel: (unread: number) =>
    unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`,
  empty: 'No notifications yet',
  unreadMessages: (count: number) =>
    count === 1 ? 'You have 1 unread message' : `You have ${count} unread messages`,
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  loadFailed: 'Failed to load notifications. Please try again.',
  preferencesTitle: 'E-mail notifications',
  preferencesHint:
    'Choose which e-mails you receive. Notifications always appear under the bell at the top of your portal.',
  preferencesLoadFailed: 'Failed to load your e-mail settings. Please try again.',
  saved: 'Saved!',
  error: 'Error',
} as const;
