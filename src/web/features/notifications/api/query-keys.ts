/** The bell, the e-mail settings and the push settings (and this browser's subscription). */
export const notificationKeys = {
  list: ['notifications', 'list'],
  emailPreferences: ['notifications', 'email-preferences'],
  push: ['notifications', 'push'],
  pushHere: ['notifications', 'push', 'this-device'],
} as const;
