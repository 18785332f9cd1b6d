/** The account's own sessions (Settings). */
export const settingsKeys = {
  accountSessions: ['account-sessions'],
} as const;
