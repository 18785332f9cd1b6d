import { z } from 'zod';
import { fieldMessages } from '../messages';
import { employmentStatuses, licenseTypes, professionalRoles } from '../accounts';
import {
  passwordsPresent,
  emailField,
  newPasswordField,
  optionalText,
  phoneField,
  requiredText,
  termsField,
  ZIP_PATTERN,
} from './fields';

export const professionalSignupSchema = z
  .object({
    role: z.enum(professionalRoles, { error: 'Please choose a professional role' }),
    firstName: requiredText(),
    lastName: requiredText(),
    email: emailField(fieldMessages.emailRequired),
    phone: phoneField(fieldMessages.phoneRequired),
    address: optionalText(),
    city: optionalText(),
    state: optionalText(),
    zipCode: optionalText(10).refine(
      (value) => value === '' || ZIP_PATTERN.test(value),
      'Please enter a valid 5-digit ZIP code',
    ),
    licenseNumber: optionalText(60),
    licenseType: z
      .union([z.enum(licenseTypes, { error: 'Please select a license type' }), z.literal('')])
      .default(''),
    yearsOfExperience: z
      .union([z.string(), z.number()], { error: fieldMessages.required })
      .transform((value) => (typeof value === 'string' ? value.trim() : value))
      .refine((value) => value !== '', fieldMessages.required)
      .transform(Number)
      .refine(
        (value) => Number.isInteger(value) && value >= 0 && value <= 60,
        fieldMessages.yearsOfExperienceInvalid,
      ),
    employmentStatus: z
      .union([z.enum(employmentStatuses), z.literal('')], {
        error: fieldMessages.employmentStatusRequired,
      })
      .refine((value) => value !== '', fieldMessages.employmentStatusRequired),
    password: newPasswordField(fieldMessages.passwordRequired),
    confirmPassword: z
      .string({ error: fieldMessages.confirmPasswordRequired })
      .min(1, fieldMessages.confirmPasswordRequired),
    acceptTerms: termsField,
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: fieldMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: passwordsPresent,
  })
  .refine((data) => data.role === 'front-desk' || data.licenseNumber !== '', {
    message: fieldMessages.licenseNumberRequired,
    path: ['licenseNumber'],
    when: (payload) => {
      if (typeof payload.value !== 'object' || payload.value === null) return false;
      const value = payload.value as { role?: unknown; licenseNumber?: unknown };
      return (
        (professionalRoles as readonly unknown[]).includes(value.role) &&
        (value.licenseNumber === undefined || typeof value.licenseNumber === 'string')
      );
    },
  });

export type ProfessionalSignupInput = z.input<typeof professionalSignupSchema>;
export type ProfessionalSignup = z.output<typeof professionalSignupSchema>;
