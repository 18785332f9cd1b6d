import { reasonSentence } from '@shared/reason-text';
import { verifiedBody, type VerificationDecisionKind } from '@shared/screening';
import type { ProfessionalRole } from '@shared/accounts';
import type { QueuedEmail } from '../outbox';
import { ActionButton, EmailLayout, greetingFor, Paragraph, renderEmailHtml } from './layout';

const subjects: Record<VerificationDecisionKind, string> = {
  verified: 'Your ChairFill account is verified',
  rejected: 'Your ChairFill account was not approved',
  suspended: 'Your ChairFill account is suspended',
  reinstated: 'Your ChairFill account is active again',
};

/** The verification's text depends on the role (verifiedBody): front desk holds no license. */
const bodies: Record<Exclude<VerificationDecisionKind, 'verified'>, string> = {
  rejected: 'We have reviewed your account and could not verify it.',
  suspended: 'Your account has been suspended. You cannot apply for or book shifts for now.',
  reinstated:
    'Your account has been reinstated and is verified again. You can apply for and book shifts.',
};

const questions = 'If you have questions, reply to this e-mail.';

/** The decision's headline and explanation (the bell entry uses them too). */
export function verificationDecisionTexts(
  decision: VerificationDecisionKind,
  role: ProfessionalRole,
) {
  return {
    subject: subjects[decision],
    body: decision === 'verified' ? verifiedBody(role) : bodies[decision],
  };
}

export interface VerificationDecisionInput {
  to: string;
  name: string;
  decision: VerificationDecisionKind;
  role: ProfessionalRole;
  reason: string;
  portalUrl: string;
}

export function VerificationDecisionEmail({ input }: { input: VerificationDecisionInput }) {
  const { subject, body } = verificationDecisionTexts(input.decision, input.role);
  const reasonLine = reasonSentence(input.reason);
  return (
    <EmailLayout title={subject} preview={body}>
      <Paragraph>{greetingFor(input.name)}</Paragraph>
      <Paragraph>{body}</Paragraph>
      {reasonLine ? <Paragraph>{reasonLine}</Paragraph> : null}
      <ActionButton href={input.portalUrl}>Open your portal</ActionButton>
      <Paragraph>{questions}</Paragraph>
    </EmailLayout>
  );
}

/** Tells a professional about a screening decision (with the reason for a rejection or suspension). */
export function verificationDecisionEmail(input: VerificationDecisionInput): QueuedEmail {
  const { subject, body } = verificationDecisionTexts(input.decision, input.role);
  const reasonLine = reasonSentence(input.reason);
  const text = [
    greetingFor(input.name),
    '',
    body,
    ...(reasonLine ? ['', reasonLine] : []),
    '',
    `Open your portal: ${input.portalUrl}`,
    '',
    questions,
    '',
    'ChairFill',
  ].join('\n');
  const html = renderEmailHtml(<VerificationDecisionEmail input={input} />);
  return { to: input.to, subject, text, html };
}
