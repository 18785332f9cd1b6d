import type { QueuedEmail } from '../outbox';
import { emailChangeEmail } from './email-change';
import { notificationEmail } from './notification';
import { passwordResetEmail } from './password-reset';
import { verificationDecisionEmail } from './verification-decision';

const site = 'http://localhost:3000';

/**
 * Every e-mail template with realistic sample values, for the development mailbox's previews
 * (/dev/mailbox/previews): what each e-mail looks like without making it happen.
 */
export const emailPreviews: Record<string, { label: string; build: () => QueuedEmail }> = {
  'password-reset': {
    label: 'Password reset',
    build: () =>
      passwordResetEmail(
        'morgan@example.com',
        'Morgan',
        `${site}/api/auth/reset-password/sample-token?callbackURL=%2Freset-password`,
      ),
  },
  'email-change': {
    label: 'Confirm a new e-mail',
    build: () =>
      emailChangeEmail('avery.new@example.com', 'Avery', `${site}/confirm-email?token=sample`),
  },
  'verification-verified': {
    label: 'Screening: verified',
    build: () =>
      verificationDecisionEmail({
        to: 'avery@example.com',
        name: 'Avery',
        decision: 'verified',
        role: 'hygienist',
        reason: '',
        portalUrl: `${site}/hygienist-portal`,
      }),
  },
  'verification-suspended': {
    label: 'Screening: suspended, with a reason',
    build: () =>
      verificationDecisionEmail({
        to: 'avery@example.com',
        name: 'Avery',
        decision: 'suspended',
        role: 'hygienist',
        reason: 'Your license expired on March 31.',
        portalUrl: `${site}/hygienist-portal`,
      }),
  },
  'shift-booked': {
    label: 'Marketplace notice: a shift was booked',
    build: () =>
      notificationEmail({
        to: 'practice@example.com',
        name: 'Morgan Lee',
        subject: 'Avery Collins booked your Hygienist shift on Tue, Dec 8',
        paragraphs: ['Avery Collins booked your shift. It is on your schedule.'],
        details: [
          ['Date', 'Tue, Dec 8, 2026'],
          ['Hours', '8:00 AM – 4:00 PM'],
          ['Place', 'Maple Grove Dental, 245 Bloomfield Avenue, Montclair, NJ 07042'],
          ['Rate', '$58.00/hr'],
        ],
        action: { label: 'Open your schedule', url: `${site}/practice-portal/schedule` },
        settingsUrl: `${site}/practice-portal/settings`,
      }),
  },
  'matching-digest': {
    label: 'Marketplace notice: new matching shifts (with unsubscribe)',
    build: () =>
      notificationEmail({
        to: 'avery@example.com',
        name: 'Avery',
        subject: '3 new shifts match your availability',
        paragraphs: ['These shifts were posted since we last wrote.'],
        items: [
          'Tue, Dec 8 · 8:00 AM – 4:00 PM · Maple Grove Dental, Montclair · $58.00/hr',
          'Thu, Dec 10 · 9:00 AM – 5:00 PM · Harbor Dental, Hoboken · $55.00/hr',
          'Mon, Dec 14 · 7:30 AM – 3:30 PM · Lakeside Smiles, Princeton · $60.00/hr',
        ],
        action: { label: 'Find shifts', url: `${site}/hygienist-portal/find-shifts` },
        settingsUrl: `${site}/hygienist-portal/settings`,
        unsubscribeUrl: `${site}/unsubscribe/sample-token`,
      }),
  },
};
