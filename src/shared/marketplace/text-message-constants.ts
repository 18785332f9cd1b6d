import type { NotificationKind } from './notification-constants';

/**
 * Text messages (SMS): a person confirms a mobile number with a code sent to it, then gets texts
 * for booking confirmations, cancellations and the day-before reminder; STOP from the number
 * stops them, START brings them back. No zod here (screens that only show the state load this).
 *
 * Routes (signed-in practice or professional, own number only):
 * - GET    /api/notifications/sms            → TextMessageSettings
 * - PUT    /api/notifications/sms/phone { phone } → sends a code; TextMessageSettings
 * - POST   /api/notifications/sms/confirm { code } → TextMessageSettings
 * - PATCH  /api/notifications/sms { enabled } → TextMessageSettings
 * - DELETE /api/notifications/sms/phone      → 204
 * - POST   /api/sms/inbound (Twilio, signed) → TwiML
 */

/** The kinds of notification that are also texted (an urgent shift: the professionals it fits). */
export const textedNotificationKinds = [
  'urgent_shift',
  'booking_confirmed',
  'booking_cancelled',
  'shift_reminder',
] as const satisfies readonly NotificationKind[];

export const TEXT_CODE_DIGITS = 6;
export const TEXT_CODE_MINUTES = 10;
export const TEXT_CODE_MAX_TRIES = 5;
/** A new code may be asked for once this many seconds passed since the last one. */
export const TEXT_CODE_RESEND_SECONDS = 60;

/** '+12015550123' as people write it: '(201) 555-0123' (other numbers as they are). */
export function displayPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

export const textMessageTexts = {
  title: 'Text messages',
  hint: 'Get a text when a booking is confirmed or cancelled, the day before a booked shift, and when a practice marks a shift that fits you urgent (professionals). We text only a number you have confirmed with a code.',
  loadFailed: 'Failed to load your text message settings. Please try again.',
  phoneLabel: 'Mobile number',
  phoneHint: 'A US mobile number that can receive texts.',
  sendCode: 'Send code',
  sendingCode: 'Sending...',
  codeSent: (phone: string) =>
    `We texted a ${TEXT_CODE_DIGITS}-digit code to ${phone}. Enter it within ${TEXT_CODE_MINUTES} minutes.`,
  codeSending: 'The text is on its way; it can take a minute to arrive.',
  codeNotDelivered:
    'We could not text this number. Check that it is a mobile number that can receive texts, and try again.',
  codeLabel: 'Code from the text',
  confirm: 'Confirm number',
  confirming: 'Confirming...',
  resend: 'Send a new code',
  resendAfter: (seconds: number) => `You can ask for a new code in ${seconds} s.`,
  useOtherNumber: 'Use another number',
  confirmed: (phone: string) => `Texts go to ${phone}.`,
  switchLabel: 'Send me text messages',
  switchHint:
    'Booking confirmations, cancellations, the reminder the day before a shift, and urgent shifts that fit you.',
  switchedOn: 'Text messages are on',
  switchedOff: 'Text messages are off',
  saveFailed: 'Failed to save. Please try again.',
  sendFailed: 'Failed to send the code. Please try again.',
  confirmFailed: 'Failed to confirm the number. Please try again.',
  changeNumber: 'Change number',
  remove: 'Remove number',
  removeTitle: 'Remove this number?',
  removeBody: 'You will get no more texts from ChairFill until you add and confirm a number again.',
  removed: 'Number removed',
  optedOut: (phone: string) =>
    `You replied STOP to our texts from ${phone}, so we no longer text you. To get texts again, reply START to any text from ChairFill.`,
  stopFooter: 'Reply STOP to opt out.',
  codeText: (code: string) =>
    `ChairFill: ${code} is your code to confirm this number for texts. It expires in ${TEXT_CODE_MINUTES} minutes.`,
} as const;

/** Every refusal of the text message settings, speaking to the person. */
export const textMessageErrors = {
  phoneRequired: 'Mobile number is required',
  invalidPhone: 'Please enter a US mobile number, such as (201) 555-0123',
  codeRequired: `Enter the ${TEXT_CODE_DIGITS}-digit code from the text`,
  enabledRequired: 'Choose whether to get texts: on or off',
  wrongCode: (triesLeft: number) =>
    triesLeft > 0
      ? `That code is not right. You can try ${triesLeft} more ${triesLeft === 1 ? 'time' : 'times'}.`
      : 'That code is not right, and it no longer works. Ask for a new code.',
  noCode: 'Ask for a code first: enter your mobile number and choose Send code.',
  codeExpired: 'This code has expired. Ask for a new code.',
  tooManyTries: 'Too many wrong codes. Ask for a new code.',
  waitBeforeResend: 'Please wait a minute before asking for another code.',
  tooManyCodes: 'You asked for several codes in a short time. Please try again in an hour.',
  alreadyConfirmed: 'This number is already confirmed for your texts.',
  numberOptedOut:
    'This number replied STOP to our texts. Reply START to a text from ChairFill from it, then try again.',
  confirmFirst: 'Confirm your mobile number first.',
} as const;
