import { z } from 'zod';
import { confirmedNewPasswordSchema } from './validation/password-reset';

export const accountSecurityMessages = {
  commonPassword: 'Password is too common. Please choose a different password.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed. You were signed out everywhere else.',
  changeFailed: 'Failed to change password. Please try again',
  passwordTitle: 'Password',
  passwordIntro:
    'Change the password you sign in with. Every other browser or device signed in to your account is signed out; this one stays signed in.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  changeButton: 'Change password',
  changingButton: 'Changing...',
  sessionsTitle: 'Where you are signed in',
  sessionsIntro:
    'Browsers and devices signed in to your account. If you do not recognise one, sign it out and change your password.',
  thisDevice: 'This device',
  signedInAt: 'Signed in',
  lastActive: 'Last active',
  ipAddress: 'IP address',
  unknownAddress: 'Unknown',
  endSession: 'Sign out',
  endOthers: 'Sign out all other sessions',
  endOthersTitle: 'Sign out all other sessions?',
  endOthersBody:
    'Every other browser and device signed in to your account is signed out at once. This one stays signed in.',
  endOthersConfirm: 'Sign out others',
  cancel: 'Cancel',
  sessionEnded: 'That session was signed out',
  otherSessionsEnded: 'All other sessions were signed out',
  noOtherSessions: 'You are not signed in anywhere else.',
  endFailed: 'Could not sign out that session. Please try again.',
  loadFailed: 'Failed to load your sessions. Please try again.',
  unknownDevice: 'Unknown device',
} as const;

export const changePasswordSchema = confirmedNewPasswordSchema({
  currentPassword: z
    .string({ error: accountSecurityMessages.currentPasswordRequired })
    .min(1, accountSecurityMessages.currentPasswordRequired)
    .max(1024, accountSecurityMessages.currentPasswordWrong),
});

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
