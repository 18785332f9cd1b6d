import type { QueuedEmail } from '../outbox';
import { brandedHtml, escapeHtml } from './layout';

export function passwordResetEmail(to: string, name: string, resetUrl: string): QueuedEmail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const text = `${greeting}

We received a request to reset the password of your ChairFill account.
Open this link to choose a new password (it is valid for one hour):

${resetUrl}

If you did not ask for this, you can ignore this e-mail; your password stays the same.

ChairFill`;
  const html = brandedHtml(
    'Reset your ChairFill password',
    `<p>${escapeHtml(greeting)}</p>
<p>We received a request to reset the password of your ChairFill account. The link is valid for one hour.</p>
<p><a href="${escapeHtml(resetUrl)}" style="display:inline-block;background:#0e7490;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Choose a new password</a></p>
<p style="font-size:14px;color:#475569">Or paste this address into your browser: ${escapeHtml(resetUrl)}</p>
<p>If you did not ask for this, you can ignore this e-mail; your password stays the same.</p>`,
  );
  return { to, subject: 'Reset your ChairFill password', text, html };
}
