import { z } from 'zod';
import { fieldMessages } from '../messages';
import { emailField } from './fields';

/** Who a login form is for; 'admin' is the staff console's login (/admin/login). */
export const loginAudiences = ['practice', 'professional', 'admin'] as const;
export type LoginAudience = (typeof loginAudiences)[number];

export const loginSchema = z.object({
  email: emailField(fieldMessages.required),
  password: z.string({ error: fieldMessages.required }).min(1, fieldMessages.required).max(1024),
});

export type LoginInput = z.input<typeof loginSchema>;
