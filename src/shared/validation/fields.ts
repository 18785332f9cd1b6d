import { z } from 'zod';
import { fieldMessages, textMessages } from '../messages';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PHONE_DIGITS } from '../accounts';
import { isValidEmail, MAX_EMAIL_LENGTH } from './email';

export const ZIP_PATTERN = /^\d{5}$/;
const MAX_TEXT = 200;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

const tooLong = `Must be at most ${MAX_TEXT} characters`;

/**
 * Control characters (C0, DEL, C1: line breaks, tabs, escapes) and the Unicode line and paragraph
 * separators: none belongs in a one-line field (a name, a city), where a line break would become
 * an extra line in the e-mails and lists that show it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same, less the line break, carriage return and tab that multi-line text keeps. */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

export function isOneLineText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(value);
}

/**
 * A trimmed one-line text field (names, addresses, cities, license numbers); `requiredMessage`
 * is shown when it is empty. Line breaks and other control characters are refused.
 */
export function requiredText(requiredMessage: string = fieldMessages.required, max = MAX_TEXT) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, max === MAX_TEXT ? tooLong : `Must be at most ${max} characters`)
    .refine(isOneLineText, textMessages.oneLine);
}

/** An optional one-line text field ('' when left out); see requiredText. */
export function optionalText(max = MAX_TEXT) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, max === MAX_TEXT ? tooLong : `Must be at most ${max} characters`)
    .refine(isOneLineText, textMessages.oneLine)
    .default('');
}

/**
 * A trimmed multi-line text field (notes, reasons, comments, descriptions): line breaks are
 * kept, other control characters refused. `required` is the message when it must not be empty.
 */
export function multiLineText(options: { max: number; tooLong: string; required?: string }) {
  const text = z.string({ error: options.required ?? 'Must be text' }).trim();
  return (options.required ? text.min(1, options.required) : text)
    .max(options.max, options.tooLong)
    .refine(isMultiLineText, textMessages.specialCharacters);
}

/**
 * An e-mail address: the product's one e-mail rule (./email.ts, the identity library's own
 * check), trimmed and lower-cased. `invalidMessage` is the spec's text for the form at hand.
 */
export function emailField(
  requiredMessage: string = fieldMessages.required,
  invalidMessage: string = fieldMessages.invalidEmail,
) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL_LENGTH, `Must be at most ${MAX_EMAIL_LENGTH} characters`)
    .refine(isValidEmail, invalidMessage)
    .transform((value) => value.toLowerCase());
}

export function phoneField(requiredMessage: string = fieldMessages.required) {
  return requiredText(requiredMessage, 40).refine(
    (value) => digitsOnly(value).length === PHONE_DIGITS,
    fieldMessages.invalidPhone,
  );
}

/**
 * The ten digits of a US number written with or without the country code (+1 201 555 0123,
 * (201) 555-0123), or null when it is not one: the area code and the exchange start with 2 to 9.
 */
export function usPhoneDigits(value: string): string | null {
  const digits = digitsOnly(value);
  const national =
    digits.length === PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : null;
}

/**
 * A US mobile number for text messages, as E.164 (+12015550123): ten digits as for every phone
 * field, a leading country code 1 allowed.
 */
export function mobileNumberField(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage, 40)
    .refine((value) => usPhoneDigits(value) !== null, invalidMessage)
    .transform((value) => `+1${usPhoneDigits(value)!}`);
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
  if (typeof payload.value !== 'object' || payload.value === null) return false;
  const value = payload.value as { password?: unknown; confirmPassword?: unknown };
  return (
    typeof value.password === 'string' &&
    typeof value.confirmPassword === 'string' &&
    value.confirmPassword !== ''
  );
}
