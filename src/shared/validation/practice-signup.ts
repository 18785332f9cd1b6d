import { z } from 'zod';
import { fieldMessages } from '../messages';
import {
  passwordsPresent,
  emailField,
  newPasswordField,
  phoneField,
  requiredText,
  termsField,
  zipCodeField,
} from './fields';

export const practiceSignupSchema = z
  .object({
    practiceName: requiredText(),
    email: emailField(),
    phone: phoneField(),
    address: requiredText(),
    city: requiredText(),
    state: requiredText(),
    zipCode: zipCodeField,
    password: newPasswordField(),
    confirmPassword: z.string({ error: fieldMessages.required }).min(1, fieldMessages.required),
    pointOfContact: requiredText(),
    acceptTerms: termsField,
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: fieldMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: passwordsPresent,
  });

export type PracticeSignupInput = z.input<typeof practiceSignupSchema>;
export type PracticeSignup = z.output<typeof practiceSignupSchema>;
