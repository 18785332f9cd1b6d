import { unsubscribeTexts } from '@shared/marketplace/email-unsubscribe';
import type { QueuedEmail } from '../outbox';
import { brandedHtml, escapeHtml } from './layout';

export interface NotificationEmailInput {
  to: string;
  /** The recipient's name for the greeting ('' greets with 'Hi,'). */
  name: string;
  subject: string;
  /** Opening paragraphs, plain text. */
  paragraphs: string[];
  /** Label/value lines about the shift (date, hours, place, rate...). */
  details?: Array<[label: string, value: string]>;
  /** A list of items (the shifts of a digest). */
  items?: string[];
  action: { label: string; url: string };
  /** Where the recipient turns this kind of e-mail off. */
  settingsUrl: string;
  /** A bulk e-mail's signed one-click unsubscribe link (unsubscribe-link.ts). */
  unsubscribeUrl?: string;
}

const buttonStyle =
  'display:inline-block;background:#0e7490;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold';

/** A marketplace notification as a branded HTML e-mail with its plain-text twin. */
export function notificationEmail(input: NotificationEmailInput): QueuedEmail {
  const greeting = input.name.trim() ? `Hi ${input.name.trim()},` : 'Hi,';
  const details = input.details ?? [];
  const items = input.items ?? [];
  const settingsLine = `You receive this e-mail because of your ChairFill notification settings. Choose which e-mails you get: ${input.settingsUrl}`;

  const text = [
    greeting,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(items.length ? [...items.map((item) => `- ${item}`), ''] : []),
    `${input.action.label}: ${input.action.url}`,
    '',
    'ChairFill',
    '',
    settingsLine,
    ...(input.unsubscribeUrl ? [`${unsubscribeTexts.emailFooter}: ${input.unsubscribeUrl}`] : []),
  ].join('\n');

  const detailsHtml = details.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const itemsHtml = items.length
    ? `<ul style="padding-left:20px;margin:0 0 16px">${items
        .map((item) => `<li style="margin:4px 0">${escapeHtml(item)}</li>`)
        .join('')}</ul>`
    : '';
  const html = brandedHtml(
    input.subject,
    `<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${detailsHtml}${itemsHtml}
<p><a href="${escapeHtml(input.action.url)}" style="${buttonStyle}">${escapeHtml(input.action.label)}</a></p>
<p style="font-size:13px;color:#475569">You receive this e-mail because of your ChairFill notification settings. <a href="${escapeHtml(input.settingsUrl)}" style="color:#0e7490">Choose which e-mails you get</a>.${
      input.unsubscribeUrl
        ? ` <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#0e7490">${escapeHtml(unsubscribeTexts.emailFooter)}</a>.`
        : ''
    }</p>`,
  );
  return { to: input.to, subject: input.subject, text, html };
}
