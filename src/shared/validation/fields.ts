import { z } from 'zod';
import { fieldMessages } from '../messages';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PHONE_DIGITS } from '../accounts';

/** The spec's "simple pattern {email}". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ZIP_PATTERN = /^\d{5}$/;
const MAX_TEXT = 200;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

const tooLong = `Must be at most ${MAX_TEXT} characters`;

/** A trimmed text field; `requiredMessage` is shown when it is empty. */
export function requiredText(requiredMessage: string = fieldMessages.required, max = MAX_TEXT) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, max === MAX_TEXT ? tooLong : `Must be at most ${max} characters`);
}

export function optionalText(max = MAX_TEXT) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, max === MAX_TEXT ? tooLong : `Must be at most ${max} characters`)
    .default('');
}

export function emailField(requiredMessage: string = fieldMessages.required) {
  return requiredText(requiredMessage, 254)
    .regex(EMAIL_PATTERN, fieldMessages.invalidEmail)
    .transform((value) => value.toLowerCase());
}

export function phoneField(requiredMessage: string = fieldMessages.required) {
  return requiredText(requiredMessage, 40).refine(
    (value) => digitsOnly(value).length === PHONE_DIGITS,
    fieldMessages.invalidPhone,
  );
}

export function newPasswordField(requiredMessage: string = fieldMessages.required) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(MIN_PASSWORD_LENGTH, fieldMessages.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, fieldMessages.passwordTooLong);
}

export const zipCodeField = requiredText().regex(
  ZIP_PATTERN,
  'Please enter a valid 5-digit ZIP code',
);

export const termsField = z.literal(true, { error: fieldMessages.termsRequired });

/**
 * Lets an object-level "passwords match" check run alongside the field checks (zod otherwise
 * skips it while any field is invalid), once both passwords are filled in.
 */
export function passwordsPresent(payload: { value: unknown }): boolean {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown };
  return (
    typeof value.password === 'string' &&
    typeof value.confirmPassword === 'string' &&
    value.confirmPassword !== ''
  );
}
