import { z } from 'zod';
import { fieldMessages } from '../messages';
import { optionalHourlyRateField } from '../hourly-rate-bounds';
import {
  digitsOnly,
  emailField,
  optionalText,
  phoneField,
  requiredText,
} from '../validation/fields';
import { partialUpdateSchema } from '../validation/partial-update';

export const practiceSoftwareKeys = [
  'Dentrix',
  'Eaglesoft',
  'OpenDental',
  'Dentrix Ascend',
  'Curve',
  'Practice Web',
] as const;

export const officeMessages = { saved: 'Saved!', error: 'Error' } as const;

/** The whole practice record as Office Information saves it (every section writes all of it). */
export const officeInformationSchema = z.object({
  practiceName: requiredText(),
  address: requiredText(),
  city: requiredText(),
  state: requiredText(),
  zipCode: requiredText().regex(/^\d{5}$/, 'Please enter a valid 5-digit ZIP code'),
  phone: phoneField(),
  email: emailField(),
  businessOwner: optionalText(),
  pointOfContact: requiredText(),
  mobileNumber: optionalText(40).refine(
    (value) => value === '' || digitsOnly(value).length === 10,
    fieldMessages.invalidPhone,
  ),
  dentalSoftware: z.object({
    Dentrix: z.boolean(),
    Eaglesoft: z.boolean(),
    OpenDental: z.boolean(),
    'Dentrix Ascend': z.boolean(),
    Curve: z.boolean(),
    'Practice Web': z.boolean(),
    other: optionalText(),
  }),
  // The most the practice pays per position: empty, or within that position's posting bounds.
  maxRates: z.object({
    hygienist: optionalHourlyRateField('Hygienist'),
    dentalAssistant: optionalHourlyRateField('Dental Assistant'),
    frontDesk: optionalHourlyRateField('Front Desk'),
  }),
});

export type OfficeInformationInput = z.input<typeof officeInformationSchema>;

/** The fields each Office Information section shows and saves (and nothing else). */
export const officeSectionFields = {
  basic: ['practiceName', 'address', 'city', 'state', 'zipCode'],
  // The e-mail changes only through Change e-mail (a link to the new address).
  contact: ['phone', 'businessOwner', 'pointOfContact', 'mobileNumber'],
  softwareAndRates: ['dentalSoftware', 'maxRates'],
} as const satisfies Record<string, ReadonlyArray<keyof OfficeInformationInput>>;

/**
 * PUT /api/practice: a section's save carries only that section's fields (nested software and
 * rate keys too); a field it leaves out is kept as it is.
 */
export const officeInformationUpdateSchema = partialUpdateSchema(officeInformationSchema);
export type OfficeInformationUpdate = z.output<typeof officeInformationUpdateSchema>;
export type OfficeInformationUpdateInput = z.input<typeof officeInformationUpdateSchema>;
