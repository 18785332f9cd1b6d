import type { ProfessionalRole } from './accounts';

/** Screening of professionals by platform staff (admins). */
export const professionalStatuses = ['pending', 'verified', 'rejected', 'suspended'] as const;
export type ProfessionalStatus = (typeof professionalStatuses)[number];

export const verificationDecisionKinds = [
  'verified',
  'rejected',
  'suspended',
  'reinstated',
] as const;
export type VerificationDecisionKind = (typeof verificationDecisionKinds)[number];

/**
 * What the decision history holds: the admins' decisions, and 'changed': a verified professional
 * changed an identity or license field, which sent them back to review (status pending).
 */
export type DecisionHistoryKind = VerificationDecisionKind | 'changed';

/** The fields a verified professional cannot change without being reviewed again. */
export const reviewedFieldLabels = {
  firstName: 'first name',
  lastName: 'last name',
  licenseNumber: 'license number',
  licenseType: 'license type',
  yearsOfExperience: 'years of experience',
} as const;
export type ReviewedField = keyof typeof reviewedFieldLabels;

/** 'Changed license number', 'Changed first name and last name', 'Changed a, b and c'. */
export function changedFieldsReason(fields: readonly ReviewedField[]): string {
  const labels = fields.map((field) => reviewedFieldLabels[field]);
  const list =
    labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `Changed ${list}`;
}

/** Which decisions need a reason. */
export const decisionNeedsReason: Record<VerificationDecisionKind, boolean> = {
  verified: false,
  rejected: true,
  suspended: true,
  reinstated: false,
};

/** The status a decision leads to, and the statuses it may be taken from. */
export const decisionTransitions: Record<
  VerificationDecisionKind,
  { from: readonly ProfessionalStatus[]; to: ProfessionalStatus }
> = {
  verified: { from: ['pending', 'rejected'], to: 'verified' },
  rejected: { from: ['pending'], to: 'rejected' },
  suspended: { from: ['verified'], to: 'suspended' },
  reinstated: { from: ['suspended'], to: 'verified' },
};

export const MAX_DECISION_REASON_LENGTH = 1000;

export const screeningMessages = {
  reasonRequired: 'Please give a reason',
  reasonTooLong: `Please keep the reason under ${MAX_DECISION_REASON_LENGTH} characters`,
  professionalNotFound: 'Professional not found.',
  notVerified: 'Your account is being verified. You can apply for shifts once it is verified.',
  decisionSaved: {
    verified: 'Professional verified.',
    rejected: 'Professional rejected.',
    suspended: 'Professional suspended.',
    reinstated: 'Professional reinstated.',
  } satisfies Record<VerificationDecisionKind, string>,
  decisionFailed: 'Failed to save the decision. Please try again.',
  listFailed: 'Failed to load professionals. Please try again.',
} as const;

/** A clear refusal for a decision the current status does not allow. */
export function impossibleTransitionMessage(
  decision: VerificationDecisionKind,
  status: ProfessionalStatus,
): string {
  if (decision === 'verified' && status === 'suspended') {
    return 'This professional is suspended. Use Reinstate to restore their account.';
  }
  if (decisionTransitions[decision].to === status && decision !== 'reinstated') {
    return `This professional is already ${status}.`;
  }
  if (decision === 'reinstated') return 'Only a suspended professional can be reinstated.';
  return `A ${status} professional cannot be ${decision}.`;
}

/** What screening checks for each role: front desk professionals hold no license. */
const reviewedItem: Record<ProfessionalRole, string> = {
  hygienist: 'your license',
  assistant: 'your license',
  'front-desk': 'your profile and identity',
};

/** What the professional sees about their own status (portal banner). */
export function statusNoticeText(
  status: ProfessionalStatus,
  role: ProfessionalRole,
): { title: string; body: string } {
  switch (status) {
    case 'pending':
      return {
        title: 'Verification in progress',
        body: `Your account is being verified. You can complete your profile while we review ${reviewedItem[role]}.`,
      };
    case 'verified':
      return { title: 'Your account is verified', body: 'You can apply for and book shifts.' };
    case 'rejected':
      return { title: 'Your account was not approved', body: 'We could not verify your account.' };
    case 'suspended':
      return {
        title: 'Your account is suspended',
        body: 'You cannot apply for or book shifts while your account is suspended.',
      };
  }
}

/** The e-mail and bell text of a verification: what was reviewed depends on the role. */
export function verifiedBody(role: ProfessionalRole): string {
  return `Good news: we have reviewed ${reviewedItem[role]} and verified your account. You can now apply for and book shifts.`;
}
