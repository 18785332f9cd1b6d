import { z } from 'zod';
import { fieldMessages, passwordResetMessages } from '../messages';
import { emailField, newPasswordField, passwordsPresent } from './fields';

export const passwordResetRequestSchema = z.object({
  email: emailField(fieldMessages.emailRequired, passwordResetMessages.invalidEmail),
});

/**
 * A new password typed twice, next to `fields` (none for a reset; the current password for a
 * change): the spec's messages, "Passwords do not match" under the confirmation.
 */
export function confirmedNewPasswordSchema<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({
      ...fields,
      password: newPasswordField(fieldMessages.passwordRequired),
      confirmPassword: z
        .string({ error: fieldMessages.confirmPasswordRequired })
        .min(1, fieldMessages.confirmPasswordRequired),
    })
    .refine(
      (data) => {
        const typed = data as { password: string; confirmPassword: string };
        return typed.password === typed.confirmPassword;
      },
      {
        message: fieldMessages.passwordsDoNotMatch,
        path: ['confirmPassword'],
        when: passwordsPresent,
      },
    );
}

export const newPasswordSchema = confirmedNewPasswordSchema({});

export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;
export type NewPasswordInput = z.input<typeof newPasswordSchema>;
