import { EMAIL_CHANGE_LINK_HOURS } from '@shared/validation/email-change';
import type { QueuedEmail } from '../outbox';
import { brandedHtml, escapeHtml } from './layout';

/** Sent to the new address: opening the link makes it the account's sign-in and notice e-mail. */
export function emailChangeEmail(to: string, name: string, confirmUrl: string): QueuedEmail {
  const subject = 'Confirm your new ChairFill e-mail';
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,';
  const text = `${greeting}

We received a request to use this address for your ChairFill account.
Open this link to confirm it (it is valid for ${EMAIL_CHANGE_LINK_HOURS} hours and works once):

${confirmUrl}

Once confirmed, you sign in with this address and ChairFill's notices come here.
If you did not ask for this, you can ignore this e-mail; nothing changes.

ChairFill`;
  const html = brandedHtml(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>We received a request to use this address for your ChairFill account. The link is valid for ${EMAIL_CHANGE_LINK_HOURS} hours and works once.</p>
<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#0e7490;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Confirm my new e-mail</a></p>
<p style="font-size:14px;color:#475569">Or paste this address into your browser: ${escapeHtml(confirmUrl)}</p>
<p>Once confirmed, you sign in with this address and ChairFill's notices come here. If you did not ask for this, you can ignore this e-mail; nothing changes.</p>`,
  );
  return { to, subject, text, html };
}
