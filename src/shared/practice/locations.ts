import { z } from 'zod';
import { fieldMessages } from '../messages';
import {
  emailField,
  optionalText,
  phoneField,
  requiredText,
  zipCodeField,
} from '../validation/fields';

export const locationMessages = {
  loadFailed: 'Failed to load locations',
  addFailedPrefix: 'Failed to add location. Error: ',
  updateFailed: 'Failed to update location',
  makeMainFailed: 'Failed to update main location',
  deleteFailed: 'Failed to delete location',
  cannotDeleteMain: 'Cannot delete the main location',
  confirmDelete: 'Are you sure you want to delete this location?',
  operatoryMin: 'Operatory count must be at least 1',
  notFound: 'Location not found',
} as const;

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

export interface LocationDto {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  email: string;
  pointOfContact: string;
  dentalSoftware: string;
  operatoryCount: number;
  isMainLocation: boolean;
}
