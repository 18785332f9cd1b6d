import { z } from 'zod';
import { fieldMessages } from '../messages';
import {
  emailField,
  optionalText,
  phoneField,
  requiredText,
  zipCodeField,
} from '../validation/fields';
import { partialUpdateSchema } from '../validation/partial-update';
import { locationMessages } from './location-constants';

export * from './location-constants';

/** A practice location (spec section 5: name, address, phone, e-mail and point of contact required). */
export const locationSchema = z.object({
  name: requiredText(),
  address: requiredText(),
  city: optionalText(),
  state: optionalText(),
  zipCode: zipCodeField,
  phone: phoneField(),
  email: emailField(),
  pointOfContact: requiredText(),
  dentalSoftware: optionalText(),
  operatoryCount: z
    .union([z.string(), z.number()], { error: fieldMessages.required })
    .transform((value) => (typeof value === 'string' ? value.trim() : value))
    .refine((value) => value !== '', fieldMessages.required)
    .transform(Number)
    .refine((value) => Number.isInteger(value) && value >= 1, locationMessages.operatoryMin)
    .refine((value) => value <= 500, 'Operatory count must be at most 500'),
});

export type LocationInput = z.input<typeof locationSchema>;

/** PUT /api/practice/locations/:id: the fields the edit carries; a field left out is kept. */
export const locationUpdateSchema = partialUpdateSchema(locationSchema);
export type LocationUpdate = z.output<typeof locationUpdateSchema>;
