/** The bell and the e-mail settings. */
export const notificationKeys = {
  list: ['notifications', 'list'],
  emailPreferences: ['notifications', 'email-preferences'],
} as const;
