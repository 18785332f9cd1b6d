/** The person's text message settings. */
export const textMessageKeys = {
  settings: ['text-messages', 'settings'],
} as const;
