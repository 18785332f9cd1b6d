import type { ShiftPosition } from '../practice/shift-constants';
import { credentialKindLabels, type CredentialKind } from './credentials-constants';

/**
 * The constants, texts and helpers of requirements.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). requirements.ts re-exports them.
 */
/**
 * What a shift can require (decision record 022, stored in `shifts.requirements`). Two sorts:
 *
 * - Credentials: state licenses, permits and certifications. They count only when ChairFill has
 *   verified them and they are valid on the shift's date. X-rays, local anesthesia and nitrous
 *   oxide are regulated in New Jersey (a DEP radiologic technology license for assistants, Board
 *   of Dentistry permits), so they are credentials, never self-declared: the profile's
 *   certification boxes of the same name do not meet a requirement.
 * - Skills: what the professional says they know in their profile (dental software, scanners,
 *   sealants, coronal polishing, front-desk skills). Nobody can verify them, so ticking the box
 *   is enough.
 *
 * A hygienist's license covers taking X-rays, and every hygienist must hold it (required
 * credentials by role, credentials.ts), so X-ray is offered as a requirement for Dental
 * Assistant shifts only.
 */
export const credentialRequirementKeys = [
  'cpr_bls',
  'local_anesthesia_permit',
  'nitrous_oxide_permit',
  'nj_rda_registration',
  'nj_radiologic_license',
  'nj_hygienist_license',
] as const satisfies readonly CredentialKind[];

export type CredentialRequirementKey = (typeof credentialRequirementKeys)[number];

/** Profile flag groups and their keys that can be required: '<group>:<flag key>'. */
export const skillRequirementKeys = [
  'software:Dentrix',
  'software:Dentrix Ascend',
  'software:Eaglesoft',
  'software:OpenDental',
  'software:Curve',
  'software:Denticon',
  'software:Practice Web',
  'scanning:iTero',
  'scanning:Cerec',
  'certifications:sealants',
  'certifications:coronal',
  'skills:insuranceKnowledge',
  'skills:billingClaims',
  'skills:treatmentPlanning',
  'skills:scheduling',
] as const;

export type SkillRequirementKey = (typeof skillRequirementKeys)[number];

export const shiftRequirementKeys = [
  ...credentialRequirementKeys,
  ...skillRequirementKeys,
] as const;

export type ShiftRequirementKey = (typeof shiftRequirementKeys)[number];

/** The profile flag groups whose ticked boxes are skills a shift can require. */
export const skillRequirementGroups = ['software', 'scanning', 'certifications', 'skills'] as const;

/** At most this many requirements on one shift. */
export const MAX_SHIFT_REQUIREMENTS = 6;

export const shiftRequirementLabels: Record<ShiftRequirementKey, string> = {
  cpr_bls: credentialKindLabels.cpr_bls,
  local_anesthesia_permit: credentialKindLabels.local_anesthesia_permit,
  nitrous_oxide_permit: credentialKindLabels.nitrous_oxide_permit,
  nj_rda_registration: 'NJ RDA registration (expanded functions)',
  nj_radiologic_license: 'X-ray (NJ radiologic technology license)',
  nj_hygienist_license: credentialKindLabels.nj_hygienist_license,
  'software:Dentrix': 'Dentrix',
  'software:Dentrix Ascend': 'Dentrix Ascend',
  'software:Eaglesoft': 'Eaglesoft',
  'software:OpenDental': 'Open Dental',
  'software:Curve': 'Curve',
  'software:Denticon': 'Denticon',
  'software:Practice Web': 'Practice Web',
  'scanning:iTero': 'iTero scanner',
  'scanning:Cerec': 'CEREC',
  'certifications:sealants': 'Sealants',
  'certifications:coronal': 'Coronal polishing',
  'skills:insuranceKnowledge': 'Insurance knowledge',
  'skills:billingClaims': 'Billing & claims',
  'skills:treatmentPlanning': 'Treatment planning',
  'skills:scheduling': 'Scheduling',
};

const software: ShiftRequirementKey[] = [
  'software:Dentrix',
  'software:Dentrix Ascend',
  'software:Eaglesoft',
  'software:OpenDental',
  'software:Curve',
  'software:Denticon',
];

/** The requirements the new-shift form offers for each position (the server accepts no other). */
export const shiftRequirementsByPosition: Record<ShiftPosition, readonly ShiftRequirementKey[]> = {
  Hygienist: [
    'local_anesthesia_permit',
    'nitrous_oxide_permit',
    'cpr_bls',
    ...software,
    'scanning:iTero',
    'scanning:Cerec',
    'certifications:sealants',
  ],
  'Dental Assistant': [
    'nj_radiologic_license',
    'nj_rda_registration',
    'cpr_bls',
    ...software,
    'software:Practice Web',
    'scanning:iTero',
    'scanning:Cerec',
    'certifications:sealants',
    'certifications:coronal',
  ],
  'Front Desk': [
    ...software,
    'software:Practice Web',
    'skills:insuranceKnowledge',
    'skills:billingClaims',
    'skills:treatmentPlanning',
    'skills:scheduling',
  ],
};

export function isCredentialRequirement(key: string): key is CredentialRequirementKey {
  return (credentialRequirementKeys as readonly string[]).includes(key);
}

export function requirementLabel(key: string): string {
  return shiftRequirementLabels[key as ShiftRequirementKey] ?? key;
}

export const requirementTexts = {
  legend: 'Requirements (optional)',
  hint: 'Only professionals who hold every requirement see, apply for or book this shift. Credentials must be verified by ChairFill and valid on the shift’s date; skills are what professionals tick in their profile.',
  credentialsGroup: 'Credentials (verified by ChairFill)',
  skillsGroup: 'Skills (from the professional’s profile)',
  invalid: 'Please choose requirements from the list for this position',
  tooMany: `Please choose at most ${MAX_SHIFT_REQUIREMENTS} requirements`,
  listLabel: 'Requires',
  /** The new-shift form's reach line: how many more professionals the requirements leave out. */
  leftOut: (count: number, label: string) =>
    `${count} more matching ${count === 1 ? 'professional does' : 'professionals do'} not hold ${label}.`,
  /** Find Shifts: shifts near them they cannot see for want of a credential or skill. */
  boardHidden: (count: number, label: string) =>
    `${count} ${count === 1 ? 'shift' : 'shifts'} near you ${count === 1 ? 'needs' : 'need'} ${label}, which you don't have yet.`,
  boardHiddenAction: 'Add it in Credentials',
  boardHiddenSkillAction: 'Tick it in your profile',
} as const;

/** The requirements of a new shift, checked against the position's list (400 otherwise). */
export function requirementChoices(
  input: { requirements: string[] },
  position: ShiftPosition,
  fail: (message: string, path: string) => never,
): { requirements: ShiftRequirementKey[] } {
  const chosen = [...new Set(input.requirements)];
  const allowed = shiftRequirementsByPosition[position] as readonly string[];
  if (chosen.some((key) => !allowed.includes(key)))
    return fail(requirementTexts.invalid, 'requirements');
  if (chosen.length > MAX_SHIFT_REQUIREMENTS) return fail(requirementTexts.tooMany, 'requirements');
  // In the offered order, so equal sets are equal arrays.
  return { requirements: allowed.filter((key) => chosen.includes(key)) as ShiftRequirementKey[] };
}
