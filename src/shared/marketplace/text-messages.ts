import { z } from 'zod';
import { mobileNumberField } from '../validation/fields';
import { TEXT_CODE_DIGITS, textMessageErrors } from './text-message-constants';

export * from './text-message-constants';

/** PUT /api/notifications/sms/phone: the number to confirm, as typed; kept as E.164. */
export const textPhoneSchema = z.object({
  phone: mobileNumberField(textMessageErrors.phoneRequired, textMessageErrors.invalidPhone),
});
export type TextPhoneInput = z.input<typeof textPhoneSchema>;

/** POST /api/notifications/sms/confirm: the code from the text (spaces allowed). */
export const textCodeSchema = z.object({
  code: z
    .string({ error: textMessageErrors.codeRequired })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z.string().regex(new RegExp(`^\\d{${TEXT_CODE_DIGITS}}$`), textMessageErrors.codeRequired),
    ),
});
export type TextCodeInput = z.input<typeof textCodeSchema>;

/** PATCH /api/notifications/sms: texts on or off. */
export const textSwitchSchema = z.object({
  enabled: z.boolean({ error: textMessageErrors.enabledRequired }),
});
export type TextSwitchInput = z.input<typeof textSwitchSchema>;
