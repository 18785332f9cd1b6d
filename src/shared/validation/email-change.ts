import { z } from 'zod';
import { fieldMessages, signupErrors } from '../messages';
import { emailField } from './fields';

/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const emailChangeMessages = {
  /** The spec's text for an address another account uses. */
  inUse: signupErrors.practiceEmailInUse,
  sameAddress: 'This is already your e-mail address.',
  linkSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail changes when you open it (within ${EMAIL_CHANGE_LINK_HOURS} hours).`,
  linkInvalid: 'This link is invalid, already used or expired. Please ask for a new one.',
  confirmed: (email: string) => `Your e-mail is now ${email}. Use it to sign in; notices go to it.`,
  /** A profile save that carries `email`: the e-mail changes only through a confirmed link. */
  changeByLink:
    'To change your e-mail, use Change e-mail: the new address is confirmed by a link sent to it.',
  requestFailed: 'Failed to send the confirmation link. Please try again.',
} as const;

/** POST /api/account/email/change: the new sign-in and notice address. */
export const emailChangeRequestSchema = z.object({
  newEmail: emailField(fieldMessages.emailRequired),
});
export type EmailChangeRequestInput = z.input<typeof emailChangeRequestSchema>;

/** POST /api/account/email/confirm: the token of the link sent to the new address. */
export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: emailChangeMessages.linkInvalid })
    .min(1, emailChangeMessages.linkInvalid)
    .max(512, emailChangeMessages.linkInvalid),
});
