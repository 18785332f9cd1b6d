import { unsubscribeTexts } from '@shared/marketplace/email-unsubscribe';
import type { QueuedEmail } from '../outbox';
import {
  ActionButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  greetingFor,
  Paragraph,
  renderEmailHtml,
} from './layout';

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

const settingsReason = 'You receive this e-mail because of your ChairFill notification settings.';
const settingsLinkLabel = 'Choose which e-mails you get';

export function NotificationEmail({ input }: { input: NotificationEmailInput }) {
  const details = input.details ?? [];
  const items = input.items ?? [];
  return (
    <EmailLayout title={input.subject} preview={input.paragraphs[0] ?? input.subject}>
      <Paragraph>{greetingFor(input.name)}</Paragraph>
      {input.paragraphs.map((paragraph, index) => (
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      {details.length ? (
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
          <tbody>
            {details.map(([label, value]) => (
              <tr key={label}>
                <td style={{ padding: '2px 16px 2px 0', color: '#475569', verticalAlign: 'top' }}>
                  {label}
                </td>
                <td style={{ padding: '2px 0', fontWeight: 'bold' }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {items.length ? (
        <ul style={{ paddingLeft: 20, margin: '0 0 16px' }}>
          {items.map((item, index) => (
            <li key={index} style={{ margin: '4px 0' }}>
              {item}
            </li>
          ))}
        </ul>
      ) : null}
      <ActionButton href={input.action.url}>{input.action.label}</ActionButton>
      <FinePrint>
        {settingsReason} <EmailLink href={input.settingsUrl}>{settingsLinkLabel}</EmailLink>.
        {input.unsubscribeUrl ? (
          <>
            {' '}
            <EmailLink href={input.unsubscribeUrl}>{unsubscribeTexts.emailFooter}</EmailLink>.
          </>
        ) : null}
      </FinePrint>
    </EmailLayout>
  );
}

/** A marketplace notification as a branded HTML e-mail with its plain-text twin. */
export function notificationEmail(input: NotificationEmailInput): QueuedEmail {
  const details = input.details ?? [];
  const items = input.items ?? [];
  const text = [
    greetingFor(input.name),
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(items.length ? [...items.map((item) => `- ${item}`), ''] : []),
    `${input.action.label}: ${input.action.url}`,
    '',
    'ChairFill',
    '',
    `${settingsReason} ${settingsLinkLabel}: ${input.settingsUrl}`,
    ...(input.unsubscribeUrl ? [`${unsubscribeTexts.emailFooter}: ${input.unsubscribeUrl}`] : []),
  ].join('\n');
  const html = renderEmailHtml(<NotificationEmail input={input} />);
  return { to: input.to, subject: input.subject, text, html };
}
