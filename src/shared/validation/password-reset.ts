import { z } from 'zod';
import { fieldMessages, passwordResetMessages } from '../messages';
import { EMAIL_PATTERN, newPasswordField, passwordsPresent, requiredText } from './fields';

export const passwordResetRequestSchema = z.object({
  email: requiredText(fieldMessages.emailRequired, 254)
    .regex(EMAIL_PATTERN, passwordResetMessages.invalidEmail)
    .transform((value) => value.toLowerCase()),
});

export const newPasswordSchema = z
  .object({
    password: newPasswordField(fieldMessages.passwordRequired),
    confirmPassword: z
      .string({ error: fieldMessages.confirmPasswordRequired })
      .min(1, fieldMessages.confirmPasswordRequired),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: fieldMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: passwordsPresent,
  });

export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;
export type NewPasswordInput = z.input<typeof newPasswordSchema>;
