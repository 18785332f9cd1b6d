import { randomUUID } from 'node:crypto';
import type { ProfessionalRole } from '@shared/accounts';
import type { PracticeSignupInput } from '@shared/validation/practice-signup';
import { practiceSignupSchema } from '@shared/validation/practice-signup';
import {
  professionalSignupSchema,
  type ProfessionalSignupInput,
} from '@shared/validation/professional-signup';
import { createPracticeAccount } from '../../services/accounts/create-practice-account';
import { createProfessionalAccount } from '../../services/accounts/create-professional-account';
import type { ServiceContext } from '../../services/context';
import { eq } from 'drizzle-orm';
import { locations, practices } from '../schema';

export const SEED_PASSWORD = 'chairfill-demo';

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A practice account with valid signup data; tests and the demo override what they need. It is
 * verified (as if an admin had reviewed it) unless `verified` is false.
 */
export async function seedPractice(
  ctx: ServiceContext,
  overrides: Partial<PracticeSignupInput> = {},
  { verified = true }: { verified?: boolean } = {},
) {
  const password = overrides.password ?? SEED_PASSWORD;
  const input = practiceSignupSchema.parse({
    practiceName: 'Harbor Dental Care',
    email: uniqueEmail('practice'),
    phone: '(201) 555-0142',
    address: '100 River Road',
    city: 'Hackensack',
    state: 'NJ',
    zipCode: '07601',
    pointOfContact: 'Dana Office',
    acceptTerms: true,
    ...overrides,
    password,
    confirmPassword: password,
  });
  const created = await createPracticeAccount(ctx, input);
  if (verified) {
    await ctx.db
      .update(practices)
      .set({ verificationStatus: 'verified', verificationDecidedAt: new Date() })
      .where(eq(practices.id, created.practiceId));
  }
  return { ...created, email: input.email, password };
}

export async function seedLocation(
  ctx: ServiceContext,
  practiceId: string,
  values: Partial<typeof locations.$inferInsert> & { name: string; address: string },
) {
  const [row] = await ctx.db
    .insert(locations)
    .values({ operatoryCount: 4, ...values, practiceId })
    .returning();
  return row!;
}

/** A professional account of `role` with valid signup data. */
export async function seedProfessional(
  ctx: ServiceContext,
  role: ProfessionalRole,
  overrides: Partial<ProfessionalSignupInput> = {},
) {
  const password = overrides.password ?? SEED_PASSWORD;
  const input = professionalSignupSchema.parse({
    role,
    firstName: 'Jordan',
    lastName: 'Rivera',
    email: uniqueEmail(role),
    phone: '732-555-0188',
    address: '12 Elm Street',
    city: 'New Brunswick',
    state: 'NJ',
    zipCode: '08901',
    licenseNumber: role === 'front-desk' ? '' : 'NJ-12345',
    licenseType: role === 'assistant' ? 'CDA' : '',
    yearsOfExperience: '5',
    employmentStatus: 'part-time',
    acceptTerms: true,
    ...overrides,
    password,
    confirmPassword: password,
  });
  const created = await createProfessionalAccount(ctx, input);
  return { ...created, email: input.email, password };
}
