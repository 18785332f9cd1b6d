import { z } from 'zod';

/** The person's text message settings (GET /api/notifications/sms and every change). */
export const textMessageSettingsReply = z
  .object({
    /** The number on file as people write it, '(201) 555-0123'; null when there is none. */
    phone: z.string().nullable(),
    /** A number to offer when there is none: the profile's or the office's phone ('' if none). */
    suggestedPhone: z.string(),
    /** none: no number; pending: a code was sent and not entered yet; confirmed: texts may go. */
    status: z.enum(['none', 'pending', 'confirmed']),
    /** The person's switch (texts are sent only when confirmed, on and not stopped). */
    enabled: z.boolean(),
    /** The number replied STOP: no text goes to it until it replies START. */
    optedOut: z.boolean(),
    /** The code sent last, while one is waiting to be entered. */
    code: z
      .object({
        expiresAt: z.string().meta({ description: 'ISO 8601 instant' }),
        resendAt: z
          .string()
          .meta({ description: 'ISO 8601 instant from which a new code may be asked for' }),
        triesLeft: z.number().int(),
        /** sending: queued or being sent; sent: the provider took it; failed: it could not go. */
        delivery: z.enum(['sending', 'sent', 'failed']),
      })
      .nullable(),
  })
  .meta({ id: 'TextMessageSettings' });

export type TextMessageSettingsReply = z.infer<typeof textMessageSettingsReply>;
