import type { ProfessionalRole } from '../accounts';
import { screeningMessages } from '../screening-constants';

/**
 * The constants, texts and helpers of credentials.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). credentials.ts re-exports them.
 */
/**
 * A professional's credentials (decision record 022, New Jersey): licenses, permits,
 * registrations and certifications, each with a number, issuing state, expiry date and a
 * document, verified by ChairFill staff. Only a verified credential that has not expired on a
 * shift's date counts (for the shift's requirements and the role's required credentials).
 */
export const credentialKinds = [
  'nj_hygienist_license',
  'cpr_bls',
  'local_anesthesia_permit',
  'nitrous_oxide_permit',
  'nj_rda_registration',
  'nj_radiologic_license',
  'other',
] as const;

export type CredentialKind = (typeof credentialKinds)[number];

export const credentialKindLabels: Record<CredentialKind, string> = {
  nj_hygienist_license: 'NJ dental hygienist license',
  cpr_bls: 'CPR/BLS certification',
  local_anesthesia_permit: 'Local anesthesia permit',
  nitrous_oxide_permit: 'Nitrous oxide permit',
  nj_rda_registration: 'NJ registered dental assistant (RDA) registration',
  nj_radiologic_license: 'NJ radiologic technology (X-ray) license',
  other: 'Other',
};

/** The credential's name as people read it ('other' ones by what the professional called it). */
export function credentialName(kind: CredentialKind, otherName = ''): string {
  return kind === 'other'
    ? otherName.trim() || credentialKindLabels.other
    : credentialKindLabels[kind];
}

/**
 * Where staff check a credential against the issuer's public records. The Board of Dentistry's
 * licenses, registrations and permits are on the NJ Division of Consumer Affairs look-up
 * (MyLicense); dental X-ray licenses are issued by the NJ Department of Environmental Protection;
 * CPR/BLS cards by their training body (the card's own e-card check).
 */
export const NJ_LICENSE_LOOKUP_URL = 'https://newjersey.mylicense.com/verification/';

export const NJ_RADIOLOGIC_LOOKUP_URL = 'https://www.nj.gov/dep/rpp/';

export const credentialLookup: Record<CredentialKind, { label: string; url: string } | null> = {
  nj_hygienist_license: { label: 'NJ license look-up (MyLicense)', url: NJ_LICENSE_LOOKUP_URL },
  local_anesthesia_permit: {
    label: 'NJ license look-up (MyLicense)',
    url: NJ_LICENSE_LOOKUP_URL,
  },
  nitrous_oxide_permit: { label: 'NJ license look-up (MyLicense)', url: NJ_LICENSE_LOOKUP_URL },
  nj_rda_registration: { label: 'NJ license look-up (MyLicense)', url: NJ_LICENSE_LOOKUP_URL },
  nj_radiologic_license: {
    label: 'NJ DEP radiation protection (X-ray technologist licenses)',
    url: NJ_RADIOLOGIC_LOOKUP_URL,
  },
  cpr_bls: null,
  other: null,
};

/**
 * The credentials each role must keep valid to apply for or book a shift (the one home of this
 * rule). A required credential that has expired (and no valid one of its kind is left) blocks
 * new applications and bookings; one never entered, or entered without an expiry (accounts from
 * before credentials existed), does not.
 */
export const requiredCredentialKinds: Record<ProfessionalRole, readonly CredentialKind[]> = {
  hygienist: ['nj_hygienist_license', 'cpr_bls'],
  assistant: ['cpr_bls'],
  'front-desk': [],
};

/** Reminders before a verified credential expires (days), largest first. */
export const CREDENTIAL_REMINDER_DAYS = [60, 30, 7] as const;

export const credentialStatuses = ['pending', 'verified', 'rejected'] as const;

export type CredentialStatus = (typeof credentialStatuses)[number];

export const credentialDecisions = ['verified', 'rejected'] as const;

export type CredentialDecision = (typeof credentialDecisions)[number];

/** The statuses each decision may be taken from (the other answers 409). */
export const credentialTransitions: Record<CredentialDecision, readonly CredentialStatus[]> = {
  verified: ['pending', 'rejected'],
  rejected: ['pending', 'verified'],
};

export const CREDENTIAL_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** PDF or a photo of the card. */
export const credentialDocumentAccept = '.pdf,application/pdf,image/jpeg,image/png,image/webp';

/** Every text of credentials, for the portals, the console, the e-mails and the refusals. */
export const credentialTexts = {
  navLabel: 'Credentials',
  title: 'Credentials',
  intro:
    'Keep your licenses, permits and certifications here. ChairFill checks each one against its document and the state’s records. Shifts that require a credential need a verified one that is valid on the shift’s date.',
  add: 'Add credential',
  edit: 'Edit',
  remove: 'Remove',
  save: 'Save credential',
  saving: 'Saving…',
  cancel: 'Cancel',
  empty: 'You have not added any credentials yet.',
  kind: 'Credential',
  otherName: 'What is it?',
  number: 'Number',
  issuingState: 'Issuing state',
  expiryLabel: 'Expiry date',
  document: 'Document (PDF or photo)',
  documentHint: 'A PDF or a photo of the license or card, up to 10 MB.',
  noDocument: 'No document uploaded',
  viewDocument: 'View document',
  replaceDocument: 'Replace document',
  unknownExpiry: 'Expiry not known yet: please add it',
  statusLabels: {
    pending: 'Waiting for review',
    verified: 'Verified',
    rejected: 'Not verified',
  } satisfies Record<CredentialStatus, string>,
  expired: 'Expired',
  expiresOn: (date: string) => `Expires ${formatCredentialDate(date)}`,
  expiredOn: (date: string) => `Expired ${formatCredentialDate(date)}`,
  requiredTitle: 'Required for your role',
  requiredState: {
    valid: 'Valid',
    pending: 'Waiting for review',
    missing: 'Not added yet',
    expired: 'Expired: you cannot apply for or book shifts until a renewed one is verified',
  },
  editResets:
    'Changing the number, expiry date or document sends it to ChairFill for review again.',
  saved: 'Credential saved. ChairFill will review it.',
  removed: 'Credential removed.',
  removeConfirm: 'Remove this credential?',
  loadFailed: 'Failed to load your credentials. Please try again.',
  saveFailed: 'Failed to save the credential. Please try again.',
  uploadFailed: 'Failed to upload file',
  notFound: 'Credential not found.',
  kindRequired: 'Please choose a credential',
  otherNameRequired: 'Please say what the credential is',
  numberRequired: 'Please enter the number',
  stateInvalid: 'Please enter the two-letter state (e.g. NJ)',
  expiryRequired: 'Please enter the expiry date',
  expiryInvalid: 'Please enter a valid date',
  expiryPassed: 'This credential has already expired: add the renewed one',
  /** A verified credential the role requires stays on record (edit it, or add the renewal). */
  requiredKept:
    'A verified credential your role requires stays on record. Edit it, or add the renewed one.',
  /** An expired credential is kept as it was (it is what blocks bookings until a renewal). */
  expiredKept:
    'An expired credential stays on record as it was. Add the renewed one as a new credential.',
  documentWrongType: 'Please upload a PDF, JPEG, PNG or WebP file',
  documentTooLarge: 'The document must be at most 10 MB',
  /** The refusal of applying for or booking with an expired required credential (409). */
  expiredRequired: (name: string, date: string) =>
    `Your ${name} expired on ${formatCredentialDate(date)}. Add the renewed one in Credentials; you can apply for and book shifts again once ChairFill has verified it.`,
  /** The same when it is still valid today but expires before the shift's date (409). */
  expiresBeforeShift: (name: string, date: string) =>
    `Your ${name} expires on ${formatCredentialDate(date)}, before this shift. Add the renewed one in Credentials; you can apply for and book shifts after that date once ChairFill has verified it.`,
  /** Find Shifts, on a shift after the credential's last valid day: where to renew it. */
  lapseAction: 'Open Credentials',
  /** The refusal of a shift whose requirement the professional does not hold (409). */
  missingRequirement: (label: string) =>
    `This shift requires ${label}. Add it in Credentials (or your profile's skills) to apply for or book it.`,
  /** The professional's dashboard, about the role's required credentials. */
  alerts: {
    expired: (name: string) =>
      `Your ${name} has expired: you cannot apply for or book shifts until ChairFill verifies the renewed one.`,
    expiring: (name: string, date: string) =>
      `Your ${name} expires on ${formatCredentialDate(date)}. Add the renewed one so you can keep booking shifts after that date.`,
    action: 'Open Credentials',
  },
  /** The same refusals when a practice accepts an applicant (409). */
  applicantLapsed: (name: string) =>
    `This professional's ${name} has expired, so they cannot be booked until ChairFill verifies a renewed one.`,
  applicantMissing: (label: string) =>
    `This professional does not hold ${label}, which this shift requires.`,
  admin: {
    title: 'Credentials',
    intro:
      'Check each credential against its document and the issuer’s public records (number, name and expiry), then verify or reject it with a reason. Only verified credentials that have not expired count for shift requirements.',
    empty: {
      pending: 'No credentials are waiting for review.',
      verified: 'No verified credentials yet.',
      rejected: 'No rejected credentials.',
    } satisfies Record<CredentialStatus, string>,
    tabs: {
      pending: 'Pending',
      verified: 'Verified',
      rejected: 'Rejected',
    } satisfies Record<CredentialStatus, string>,
    actions: { verified: 'Verify', rejected: 'Reject' } satisfies Record<
      CredentialDecision,
      string
    >,
    history: { verified: 'Verified', rejected: 'Rejected' } satisfies Record<
      CredentialDecision,
      string
    >,
    saved: { verified: 'Credential verified.', rejected: 'Credential rejected.' } satisfies Record<
      CredentialDecision,
      string
    >,
    changedSince:
      'This credential was changed since you opened it. Look at its number, expiry and document again before deciding.',
    alreadyDecided: {
      verified: 'This credential is already verified.',
      rejected: 'This credential is already rejected.',
    } satisfies Record<CredentialDecision, string>,
    listFailed: 'Failed to load credentials. Please try again.',
    decisionFailed: 'Failed to save the decision. Please try again.',
    noLookup: 'No public state look-up for this kind: check the document.',
    reasonRequired: screeningMessages.reasonRequired,
  },
  notices: {
    verifiedTitle: (name: string) => `Your ${name} is verified`,
    verifiedBody: (name: string) =>
      `ChairFill has verified your ${name}. It counts for shifts that require it until it expires.`,
    rejectedTitle: (name: string) => `Your ${name} was not verified`,
    rejectedBody: (name: string) =>
      `ChairFill could not verify your ${name}. Please check it in Credentials and correct it.`,
    reminderTitle: (name: string, days: number) =>
      `Your ${name} expires in ${days} ${days === 1 ? 'day' : 'days'}`,
    reminderBody: (name: string, date: string, required: boolean) =>
      `Your ${name} expires on ${formatCredentialDate(date)}. Add the renewed one in Credentials before then${required ? ': without it you cannot apply for or book shifts after that date' : ' so shifts that require it stay open to you'}.`,
    practiceTitle: (professional: string) => `${professional}'s credential has expired`,
    practiceBody: (professional: string, name: string, date: string) =>
      `${professional}'s ${name} expired on ${formatCredentialDate(date)}. They are booked on your upcoming shifts listed below. They cannot take new bookings until a renewed one is verified; please check with them before the shift.`,
    openCredentials: 'Open your credentials',
    openSchedule: 'Open your schedule',
  },
} as const;

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** 'yyyy-MM-dd' as 'MMM d, yyyy' (a calendar date: no time zone involved). */
export function formatCredentialDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${monthNames[m - 1] ?? ''} ${d}, ${y}`;
}

export const requiredCredentialStates = ['valid', 'pending', 'missing', 'expired'] as const;

export type RequiredCredentialState = (typeof requiredCredentialStates)[number];

/**
 * Why a required credential keeps the professional from a shift (the 409 of applying and
 * booking, and the same line on Find Shifts): it expired already (its last valid day is before
 * `today`, a New Jersey date), or it expires before the shift.
 */
export function credentialLapseText(kind: CredentialKind, lastDay: string, today: string): string {
  const name = credentialName(kind);
  return lastDay < today
    ? credentialTexts.expiredRequired(name, lastDay)
    : credentialTexts.expiresBeforeShift(name, lastDay);
}
