import type { QueuedEmail } from '../outbox';
import {
  ActionButton,
  EmailLayout,
  FinePrint,
  greetingFor,
  Paragraph,
  renderEmailHtml,
} from './layout';

const subject = 'Reset your ChairFill password';
const ignore =
  'If you did not ask for this, you can ignore this e-mail; your password stays the same.';

export function PasswordResetEmail({ name, resetUrl }: { name: string; resetUrl: string }) {
  return (
    <EmailLayout title={subject} preview="Choose a new password (the link is valid for one hour).">
      <Paragraph>{greetingFor(name)}</Paragraph>
      <Paragraph>
        We received a request to reset the password of your ChairFill account. The link is valid for
        one hour.
      </Paragraph>
      <ActionButton href={resetUrl}>Choose a new password</ActionButton>
      <FinePrint>Or paste this address into your browser: {resetUrl}</FinePrint>
      <Paragraph>{ignore}</Paragraph>
    </EmailLayout>
  );
}

export function passwordResetEmail(to: string, name: string, resetUrl: string): QueuedEmail {
  const text = `${greetingFor(name)}

We received a request to reset the password of your ChairFill account.
Open this link to choose a new password (it is valid for one hour):

${resetUrl}

${ignore}

ChairFill`;
  const html = renderEmailHtml(<PasswordResetEmail name={name} resetUrl={resetUrl} />);
  return { to, subject, text, html };
}
