import { reasonSentence } from '@shared/reason-text';
import { verifiedBody, type VerificationDecisionKind } from '@shared/screening';
import type { ProfessionalRole } from '@shared/accounts';
import type { QueuedEmail } from '../outbox';
import { brandedHtml, escapeHtml } from './layout';

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

/** Tells a professional about a screening decision (with the reason for a rejection or suspension). */
export function verificationDecisionEmail(input: {
  to: string;
  name: string;
  decision: VerificationDecisionKind;
  role: ProfessionalRole;
  reason: string;
  portalUrl: string;
}): QueuedEmail {
  const { subject, body } = verificationDecisionTexts(input.decision, input.role);
  const greeting = input.name.trim() ? `Hi ${input.name.trim()},` : 'Hi,';
  const reasonLine = reasonSentence(input.reason);
  const text = [
    greeting,
    '',
    body,
    ...(reasonLine ? ['', reasonLine] : []),
    '',
    `Open your portal: ${input.portalUrl}`,
    '',
    'If you have questions, reply to this e-mail.',
    '',
    'ChairFill',
  ].join('\n');
  const html = brandedHtml(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
${reasonLine ? `<p>${escapeHtml(reasonLine)}</p>` : ''}
<p><a href="${escapeHtml(input.portalUrl)}" style="display:inline-block;background:#0e7490;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Open your portal</a></p>
<p>If you have questions, reply to this e-mail.</p>`,
  );
  return { to: input.to, subject, text, html };
}
