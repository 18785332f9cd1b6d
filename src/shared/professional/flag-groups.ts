/**
 * The professional's flag groups (spec section 3): boolean flags by key plus, for most groups, a
 * free-text `other`. Keys are the record's keys; labels are what people read.
 */
export const flagGroupNames = [
  'specialty',
  'certifications',
  'scanning',
  'software',
  'cbct',
  'skills',
] as const;
export type FlagGroupName = (typeof flagGroupNames)[number];

export interface FlagOption {
  key: string;
  label: string;
}

export interface FlagGroupDescription {
  name: FlagGroupName;
  /** Section title in the Skills & Experience card. */
  label: string;
  options: readonly FlagOption[];
  /** Whether the group has a free-text 'other' input. */
  hasOther: boolean;
}

/** A stored flag group: each option key to a boolean, plus `other` text where the group has it. */
export type FlagGroupValue = Record<string, boolean | string>;

export const OTHER_KEY = 'other';
export const OTHER_MAX_LENGTH = 200;

const specialtyOptions: FlagOption[] = [
  { key: 'periodontics', label: 'Periodontics' },
  { key: 'orthodontics', label: 'Orthodontics' },
  { key: 'general', label: 'General Dentistry' },
  { key: 'endodontics', label: 'Endodontics' },
  { key: 'oralSurgery', label: 'Oral Surgery' },
  { key: 'prosthodontics', label: 'Prosthodontics' },
];

const N2O: FlagOption = { key: 'N2O', label: 'Nitrous Oxide (N2O)' };
const localAnesthesia: FlagOption = { key: 'localAnesthesia', label: 'Local Anesthesia' };
const xray: FlagOption = { key: 'xray', label: 'X-Ray' };
const coronal: FlagOption = { key: 'coronal', label: 'Coronal Polishing' };
const sealants: FlagOption = { key: 'sealants', label: 'Sealants' };

const scanningOptions: FlagOption[] = [
  { key: 'iTero', label: 'iTero' },
  { key: 'Cerec', label: 'CEREC' },
  { key: 'Carestream', label: 'Carestream' },
  { key: 'Condor', label: 'Condor' },
];

/** 'Dentrix Ascend' is the key everywhere (the spec's DentrixAscend checkbox key is not used). */
const baseSoftwareOptions: FlagOption[] = [
  { key: 'Curve', label: 'Curve' },
  { key: 'Dentrix', label: 'Dentrix' },
  { key: 'Dentrix Ascend', label: 'Dentrix Ascend' },
  { key: 'OpenDental', label: 'Open Dental' },
  { key: 'Eaglesoft', label: 'Eaglesoft' },
  { key: 'Denticon', label: 'Denticon' },
];
const practiceWeb: FlagOption = { key: 'Practice Web', label: 'Practice Web' };

const cbctOptions: FlagOption[] = [
  { key: 'Vatech', label: 'Vatech' },
  { key: 'Dexis', label: 'Dexis' },
  { key: 'Planmeca', label: 'Planmeca' },
  { key: 'iCatConeBeam', label: 'i-CAT Cone Beam' },
  { key: 'Sirona3DPanorex', label: 'Sirona 3D Panorex' },
  { key: 'VatechCBCT', label: 'Vatech CBCT' },
];

const skillsOptions: FlagOption[] = [
  { key: 'insuranceKnowledge', label: 'Insurance Knowledge' },
  { key: 'billingClaims', label: 'Billing & Claims' },
  { key: 'treatmentPlanning', label: 'Treatment Planning' },
  { key: 'scheduling', label: 'Scheduling' },
];

export const flagGroups = {
  specialty: { name: 'specialty', label: 'Specialties', options: specialtyOptions, hasOther: true },
  frontDeskSpecialty: {
    name: 'specialty',
    label: 'Specialties',
    options: specialtyOptions,
    hasOther: false,
  },
  hygienistCertifications: {
    name: 'certifications',
    label: 'Certifications',
    options: [N2O, localAnesthesia, xray, sealants],
    hasOther: true,
  },
  assistantCertifications: {
    name: 'certifications',
    label: 'Certifications',
    options: [N2O, localAnesthesia, xray, coronal, sealants],
    hasOther: true,
  },
  scanning: { name: 'scanning', label: 'Scanning', options: scanningOptions, hasOther: true },
  software: {
    name: 'software',
    label: 'Dental Software',
    options: baseSoftwareOptions,
    hasOther: true,
  },
  softwareWithPracticeWeb: {
    name: 'software',
    label: 'Dental Software',
    options: [...baseSoftwareOptions, practiceWeb],
    hasOther: true,
  },
  cbct: { name: 'cbct', label: 'CBCT', options: cbctOptions, hasOther: true },
  skills: { name: 'skills', label: 'Skills', options: skillsOptions, hasOther: true },
} as const satisfies Record<string, FlagGroupDescription>;

/** Every flag false and `other` empty: the defaults a record is merged over. */
export function defaultFlagGroupValue(group: FlagGroupDescription): FlagGroupValue {
  const value: FlagGroupValue = {};
  for (const option of group.options) value[option.key] = false;
  if (group.hasOther) value[OTHER_KEY] = '';
  return value;
}

/**
 * A stored group merged over the defaults, keeping only the keys the group describes (a key the
 * role does not offer is dropped, never shown).
 */
export function mergeFlagGroup(group: FlagGroupDescription, stored: unknown): FlagGroupValue {
  const merged = defaultFlagGroupValue(group);
  if (typeof stored !== 'object' || stored === null) return merged;
  const source = stored as Record<string, unknown>;
  for (const option of group.options) {
    if (typeof source[option.key] === 'boolean') merged[option.key] = source[option.key] as boolean;
  }
  if (group.hasOther && typeof source[OTHER_KEY] === 'string') {
    merged[OTHER_KEY] = source[OTHER_KEY] as string;
  }
  return merged;
}

/** The labels of the checked options, in the group's order. */
export function checkedLabels(group: FlagGroupDescription, value: FlagGroupValue): string[] {
  return group.options.filter((option) => value[option.key] === true).map((o) => o.label);
}
