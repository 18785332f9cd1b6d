/** Kinds of account, professional roles and where each one lands. */
export const professionalRoles = ['hygienist', 'assistant', 'front-desk'] as const;
export type ProfessionalRole = (typeof professionalRoles)[number];

/** 'admin' is platform staff (screening console at /admin), never created by sign-up. */
export const accountTypes = ['practice', ...professionalRoles, 'admin'] as const;
export type AccountType = (typeof accountTypes)[number];

export const portalPathByAccountType: Record<AccountType, string> = {
  practice: '/practice-portal',
  hygienist: '/hygienist-portal',
  assistant: '/dental-assistant',
  'front-desk': '/front-desk-portal',
  admin: '/admin',
};

export const portalPaths = Object.values(portalPathByAccountType);

/** Position labels a professional carries (spec section 9). */
export const positionLabelByRole: Record<ProfessionalRole, string> = {
  hygienist: 'Hygienist',
  assistant: 'Assistant',
  'front-desk': 'Front Desk',
};

export const signupTitleByRole: Record<ProfessionalRole, string> = {
  hygienist: 'Sign Up as Dental Hygienist',
  assistant: 'Sign Up as Dental Assistant',
  'front-desk': 'Sign Up as Front Desk Professional',
};
export const fallbackSignupTitle = 'Sign Up as Dental Professional';

export const roleTitleByRole: Record<ProfessionalRole, string> = {
  hygienist: 'Dental Hygienist',
  assistant: 'Dental Assistant',
  'front-desk': 'Front Desk',
};

export function isProfessionalRole(value: unknown): value is ProfessionalRole {
  return typeof value === 'string' && (professionalRoles as readonly string[]).includes(value);
}

export const employmentStatuses = ['employed', 'part-time', 'temp', 'seeking'] as const;
export type EmploymentStatus = (typeof employmentStatuses)[number];
export const employmentStatusLabels: Record<EmploymentStatus, string> = {
  employed: 'Currently Employed Full-Time',
  'part-time': 'Part-Time',
  temp: 'Strictly Temporary/PRN',
  seeking: 'Looking for Full-Time',
};

export const licenseTypes = ['General', 'CDA', 'RDA', 'EFDA'] as const;
export type LicenseType = (typeof licenseTypes)[number];

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const PHONE_DIGITS = 10;
