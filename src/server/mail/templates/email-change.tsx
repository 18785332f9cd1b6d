import { EMAIL_CHANGE_LINK_HOURS } from '@shared/validation/email-change';
import type { QueuedEmail } from '../outbox';
import {
  ActionButton,
  EmailLayout,
  FinePrint,
  greetingFor,
  Paragraph,
  renderEmailHtml,
} from './layout';

const subject = 'Confirm your new ChairFill e-mail';
const afterwards =
  "Once confirmed, you sign in with this address and ChairFill's notices come here.";
const ignore = 'If you did not ask for this, you can ignore this e-mail; nothing changes.';

export function EmailChangeEmail({ name, confirmUrl }: { name: string; confirmUrl: string }) {
  return (
    <EmailLayout title={subject} preview="Confirm the new address for your ChairFill account.">
      <Paragraph>{greetingFor(name)}</Paragraph>
      <Paragraph>
        We received a request to use this address for your ChairFill account. The link is valid for{' '}
        {EMAIL_CHANGE_LINK_HOURS} hours and works once.
      </Paragraph>
      <ActionButton href={confirmUrl}>Confirm my new e-mail</ActionButton>
      <FinePrint>Or paste this address into your browser: {confirmUrl}</FinePrint>
      <Paragraph>
        {afterwards} {ignore}
      </Paragraph>
    </EmailLayout>
  );
}

/** Sent to the new address: opening the link makes it the account's sign-in and notice e-mail. */
export function emailChangeEmail(to: string, name: string, confirmUrl: string): QueuedEmail {
  const text = `${greetingFor(name)}

We received a request to use this address for your ChairFill account.
Open this link to confirm it (it is valid for ${EMAIL_CHANGE_LINK_HOURS} hours and works once):

${confirmUrl}

${afterwards}
${ignore}

ChairFill`;
  const html = renderEmailHtml(<EmailChangeEmail name={name} confirmUrl={confirmUrl} />);
  return { to, subject, text, html };
}
