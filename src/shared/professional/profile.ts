import { z } from 'zod';
import {
  employmentStatuses,
  licenseTypes,
  type EmploymentStatus,
  type LicenseType,
  type ProfessionalRole,
} from '../accounts';
import { fieldMessages } from '../messages';
import { optionalHourlyRateField, rateBoundsPositionOf } from '../hourly-rate-bounds';
import { optionalText, phoneField, requiredText, ZIP_PATTERN } from '../validation/fields';
import { emailChangeMessages } from '../validation/email-change';
import { partialUpdateSchema } from '../validation/partial-update';
import { availabilitySchema, type AvailabilityEntry } from './availability';
import {
  OTHER_KEY,
  OTHER_MAX_LENGTH,
  flagGroupNames,
  type FlagGroupDescription,
  type FlagGroupValue,
} from './flag-groups';
import { professionalMessages, unknownKeysMessage } from './messages';
import { roleDescriptions } from './roles';

export const MAX_YEARS_OF_EXPERIENCE = 60;
export const MAX_TRAVEL_DISTANCE_MILES = 500;
export const MAX_PREFERRED_LOCATIONS = 20;

/** Employment status descriptions shown under the badge (spec section 2). */
export const employmentStatusDescriptions: Record<EmploymentStatus, string> = {
  employed: 'Available for temporary assignments while keeping a full-time job.',
  'part-time': 'Available for regular part-time work as well as temporary assignments.',
  temp: 'Available exclusively for temporary assignments.',
  seeking: 'Open to both temporary assignments and permanent positions.',
};

/** Strict: a key the schema does not describe is refused with a clear message. */
function strict<T extends z.ZodRawShape>(shape: T, kind: 'field' | 'option') {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownKeysMessage(kind, issue.keys) : undefined,
  });
}

/** A flag group of one role: its option keys (booleans) and `other` text when it has one. */
export function flagGroupSchema(group: FlagGroupDescription) {
  const shape: Record<string, z.ZodType> = {};
  for (const option of group.options) {
    shape[option.key] = z.boolean({ error: professionalMessages.flagMustBeBoolean }).optional();
  }
  if (group.hasOther) shape[OTHER_KEY] = optionalText(OTHER_MAX_LENGTH).optional();
  return strict(shape, 'option') as z.ZodType<Record<string, boolean | string | undefined>>;
}

/** '' or null clear a value; otherwise a whole number in [min, max]. */
function optionalWholeNumber(message: string, min: number, max: number) {
  return z.union([z.string(), z.number(), z.null()], { error: message }).transform((value, ctx) => {
    if (value === null) return null;
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text === '') return null;
    const number = Number(text);
    if (
      !/^-?\d+(\.\d+)?$/.test(text) ||
      !Number.isInteger(number) ||
      number < min ||
      number > max
    ) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });
}

export const yearsOfExperienceField = z
  .union([z.string(), z.number()], { error: fieldMessages.required })
  .transform((value) => (typeof value === 'string' ? value.trim() : value))
  .refine((value) => value !== '', fieldMessages.required)
  .transform(Number)
  .refine(
    (value) => Number.isInteger(value) && value >= 0 && value <= MAX_YEARS_OF_EXPERIENCE,
    professionalMessages.yearsOfExperienceInvalid,
  );

export const travelDistanceField = optionalWholeNumber(
  professionalMessages.travelDistanceInvalid,
  0,
  MAX_TRAVEL_DISTANCE_MILES,
);

export const homeZipCodeField = z
  .string({ error: professionalMessages.zipCodeInvalid })
  .trim()
  .refine((value) => value === '' || ZIP_PATTERN.test(value), professionalMessages.zipCodeInvalid);

export const preferredLocationsField = z
  .array(requiredText(professionalMessages.locationRequired, 120), {
    error: 'Preferred locations must be a list',
  })
  .max(MAX_PREFERRED_LOCATIONS, professionalMessages.tooManyLocations)
  .transform((list) => [...new Set(list)]);

export const employmentStatusField = z
  .union([z.enum(employmentStatuses), z.literal(''), z.null()], {
    error: professionalMessages.employmentStatusInvalid,
  })
  .transform((value) => value || null);

export const licenseTypeField = z
  .union([z.enum(licenseTypes), z.literal(''), z.null()], {
    error: professionalMessages.licenseTypeInvalid,
  })
  .transform((value) => value || null);

/**
 * A professional's minimum hourly rate: empty (no preference), or within the bounds of the
 * shifts their role works (src/shared/hourly-rate-bounds.ts), since no shift outside them exists.
 */
export function minimumRateFieldFor(role: ProfessionalRole) {
  return optionalHourlyRateField(rateBoundsPositionOf(role)).nullable();
}

/**
 * A card save (PUT /api/professional/profile): every field optional, merged over the record; a
 * field the save does not carry stays out of the result (partialUpdateSchema: no defaults), so a
 * card never resets another card's fields. Which fields and flag groups exist depends on the
 * role; anything else is refused.
 */
export function profileUpdateSchema(role: ProfessionalRole) {
  // Built once per role: every card save of the role reads its body with the same schema.
  let schema = profileUpdateSchemas.get(role);
  if (!schema) {
    schema = buildProfileUpdateSchema(role);
    profileUpdateSchemas.set(role, schema);
  }
  return schema;
}

const profileUpdateSchemas = new Map<
  ProfessionalRole,
  z.ZodType<ProfileUpdate, ProfileUpdateInput>
>();

function buildProfileUpdateSchema(role: ProfessionalRole) {
  const description = roleDescriptions[role];
  const shape: Record<string, z.ZodType> = {
    firstName: requiredText().optional(),
    lastName: requiredText().optional(),
    // One e-mail per account: it changes only through a link to the new address.
    email: z
      .unknown()
      .refine(() => false, emailChangeMessages.changeByLink)
      .optional(),
    phone: phoneField(fieldMessages.phoneRequired).optional(),
    yearsOfExperience: yearsOfExperienceField.optional(),
    employmentStatus: employmentStatusField.optional(),
    minimumRate: minimumRateFieldFor(role).optional(),
    availability: availabilitySchema.optional(),
    preferredLocations: preferredLocationsField.optional(),
    homeAddress: optionalText(200).optional(),
    homeZipCode: homeZipCodeField.optional(),
    travelDistance: travelDistanceField.optional(),
  };
  if (description.hasLicenseNumber) {
    shape.licenseNumber = requiredText(fieldMessages.licenseNumberRequired, 60).optional();
  }
  if (description.hasLicenseType) shape.licenseType = licenseTypeField.optional();
  for (const group of description.flagGroups) shape[group.name] = flagGroupSchema(group).optional();
  return partialUpdateSchema(strict(shape, 'field')) as unknown as z.ZodType<
    ProfileUpdate,
    ProfileUpdateInput
  >;
}

/** What a card save may carry once validated (numbers and cents already converted). */
export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  phone?: string;
  yearsOfExperience?: number;
  employmentStatus?: EmploymentStatus | null;
  minimumRate?: number | null;
  availability?: AvailabilityEntry[];
  preferredLocations?: string[];
  homeAddress?: string;
  homeZipCode?: string;
  travelDistance?: number | null;
  licenseNumber?: string;
  licenseType?: LicenseType | null;
  specialty?: Record<string, boolean | string | undefined>;
  certifications?: Record<string, boolean | string | undefined>;
  scanning?: Record<string, boolean | string | undefined>;
  software?: Record<string, boolean | string | undefined>;
  cbct?: Record<string, boolean | string | undefined>;
  skills?: Record<string, boolean | string | undefined>;
}

/** What a form may send: numbers as typed text, empties as '' or null. */
export interface ProfileUpdateInput {
  firstName?: string;
  lastName?: string;
  phone?: string;
  yearsOfExperience?: string | number;
  employmentStatus?: EmploymentStatus | '' | null;
  minimumRate?: string | number | null;
  availability?: AvailabilityEntry[];
  preferredLocations?: string[];
  homeAddress?: string;
  homeZipCode?: string;
  travelDistance?: string | number | null;
  licenseNumber?: string;
  licenseType?: LicenseType | '' | null;
  specialty?: FlagGroupValue;
  certifications?: FlagGroupValue;
  scanning?: FlagGroupValue;
  software?: FlagGroupValue;
  cbct?: FlagGroupValue;
  skills?: FlagGroupValue;
}

/** Every field a profile save may carry, whatever the role (each role's schema says which exist). */
const profileUpdateFieldNames = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'yearsOfExperience',
  'employmentStatus',
  'minimumRate',
  'availability',
  'preferredLocations',
  'homeAddress',
  'homeZipCode',
  'travelDistance',
  'licenseNumber',
  'licenseType',
  ...flagGroupNames,
] as const;

/**
 * PUT /api/professional/profile as declared for every role: an object of profile fields. The
 * fields, their rules and the flag groups depend on the signed-in professional's role, so the
 * route reads the body again with that role's schema (profileUpdateSchema), which gives each
 * field its own message and refuses fields the role does not have.
 */
export const profileUpdateRequestSchema = z
  .looseObject(
    Object.fromEntries(profileUpdateFieldNames.map((name) => [name, z.unknown().optional()])),
  )
  .meta({
    id: 'ProfileUpdate',
    description:
      "The profile fields of the cards saved (only these change). Hygienists and assistants have licenseNumber; assistants licenseType; each role has its own flag groups (specialty, certifications, scanning, software, cbct, skills as { option: true, other: 'text' }).",
  }) as unknown as z.ZodType<ProfileUpdateInput, ProfileUpdateInput>;
