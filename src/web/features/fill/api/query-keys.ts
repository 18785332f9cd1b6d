/** The professional's daily cap on shift alerts and today's count. */
export const alertSettingsKeys = {
  settings: ['fill', 'alert-settings'],
} as const;
