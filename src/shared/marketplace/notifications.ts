import { z } from 'zod';
import { notificationKinds } from './notification-constants';

export * from './notification-constants';

/**
 * PUT /api/notifications/email-preferences: any of the person's kinds, each on or off. A kind
 * that is not theirs is refused (400) by the route.
 */
export const emailPreferencesSchema = z
  .record(z.string(), z.boolean({ error: 'Each setting must be on or off' }))
  .refine((value) => Object.keys(value).length > 0, 'Choose at least one setting to save')
  .refine(
    (value) =>
      Object.keys(value).every((kind) => (notificationKinds as readonly string[]).includes(kind)),
    'Unknown kind of notification',
  );
export type EmailPreferencesInput = z.input<typeof emailPreferencesSchema>;
