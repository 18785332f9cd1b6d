import {
  portalPathByAccountType,
  positionLabelByRole,
  roleTitleByRole,
  type ProfessionalRole,
} from '../accounts';
import { flagGroups, type FlagGroupDescription, type FlagGroupName } from './flag-groups';

/**
 * Everything that differs between the hygienist, dental assistant and front desk portals (spec
 * sections 2, 3 and 8). The portal, the profile schema and the server are driven by this one
 * description per role.
 */
export interface ProfessionalRoleDescription {
  role: ProfessionalRole;
  /** 'Dental Hygienist', 'Dental Assistant', 'Front Desk' (sidebar). */
  title: string;
  /** 'Hygienist', 'Assistant', 'Front Desk' (the record's position). */
  position: string;
  portalPath: string;
  /** 'Personal Information' or 'Basic Information'. */
  personalCardTitle: string;
  skillsCardTitle: string;
  /** 'Location Preferences' (hygienist) or 'Location Information' (assistant, front desk). */
  locationCardTitle: string;
  hasLicenseNumber: boolean;
  hasLicenseType: boolean;
  /** The flag groups of the Skills & Experience card, in display order. */
  flagGroups: readonly FlagGroupDescription[];
  /** The toast after a successful card save. */
  saveMessage: string;
  /** The front desk dashboard greets by full name. */
  dashboardGreetsByName: boolean;
  /** Where the resume is stored (spec section 7): professionals/{uid}/... or resumes/{uid}/... */
  resumeKeyPrefix: 'professionals' | 'resumes';
}

export const roleDescriptions: Record<ProfessionalRole, ProfessionalRoleDescription> = {
  hygienist: {
    role: 'hygienist',
    title: roleTitleByRole.hygienist,
    position: positionLabelByRole.hygienist,
    portalPath: portalPathByAccountType.hygienist,
    personalCardTitle: 'Personal Information',
    skillsCardTitle: 'Skills & Experience',
    locationCardTitle: 'Location Preferences',
    hasLicenseNumber: true,
    hasLicenseType: false,
    flagGroups: [
      flagGroups.specialty,
      flagGroups.hygienistCertifications,
      flagGroups.scanning,
      flagGroups.software,
      flagGroups.cbct,
    ],
    saveMessage: 'Changes saved successfully!',
    dashboardGreetsByName: false,
    resumeKeyPrefix: 'professionals',
  },
  assistant: {
    role: 'assistant',
    title: roleTitleByRole.assistant,
    position: positionLabelByRole.assistant,
    portalPath: portalPathByAccountType.assistant,
    personalCardTitle: 'Basic Information',
    skillsCardTitle: 'Skills & Experience',
    locationCardTitle: 'Location Information',
    hasLicenseNumber: true,
    hasLicenseType: true,
    flagGroups: [
      flagGroups.specialty,
      flagGroups.assistantCertifications,
      flagGroups.scanning,
      flagGroups.softwareWithPracticeWeb,
      flagGroups.cbct,
    ],
    saveMessage: 'Profile updated successfully!',
    dashboardGreetsByName: false,
    resumeKeyPrefix: 'professionals',
  },
  'front-desk': {
    role: 'front-desk',
    title: roleTitleByRole['front-desk'],
    position: positionLabelByRole['front-desk'],
    portalPath: portalPathByAccountType['front-desk'],
    personalCardTitle: 'Personal Information',
    skillsCardTitle: 'Skills & Experience',
    locationCardTitle: 'Location Information',
    hasLicenseNumber: false,
    hasLicenseType: false,
    flagGroups: [
      flagGroups.frontDeskSpecialty,
      flagGroups.softwareWithPracticeWeb,
      flagGroups.skills,
    ],
    saveMessage: 'Changes saved successfully!',
    dashboardGreetsByName: true,
    resumeKeyPrefix: 'resumes',
  },
};

export function flagGroupOf(
  description: ProfessionalRoleDescription,
  name: FlagGroupName,
): FlagGroupDescription | undefined {
  return description.flagGroups.find((group) => group.name === name);
}
