import { eq } from 'drizzle-orm';
import { defaultFlagGroupValue } from '@shared/professional/flag-groups';
import { roleDescriptions } from '@shared/professional/roles';
import { professionals } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalAccount } from './professional-account';

export type ProfessionalRow = typeof professionals.$inferSelect;

/** The record a first portal load creates when there is none (spec section 4). */
export function defaultProfessionalValues(
  account: ProfessionalAccount,
): typeof professionals.$inferInsert {
  const description = roleDescriptions[account.role];
  const groups: Partial<Record<string, Record<string, boolean | string>>> = {};
  for (const group of description.flagGroups) groups[group.name] = defaultFlagGroupValue(group);
  return {
    userId: account.id,
    role: account.role,
    position: description.position,
    status: 'pending',
    firstName: '',
    lastName: '',
    email: account.email,
    phone: '',
    licenseNumber: null,
    licenseType: null,
    yearsOfExperience: 0,
    employmentStatus: null,
    availability: [],
    preferredLocations: [],
    ...groups,
  };
}

/**
 * The professional's record, created with the role's defaults when it is missing. Two first loads
 * at once create it once (the user id is unique).
 */
export async function ensureProfessional(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<ProfessionalRow> {
  const [existing] = await ctx.db
    .select()
    .from(professionals)
    .where(eq(professionals.userId, account.id));
  if (existing) return existing;
  await ctx.db
    .insert(professionals)
    .values(defaultProfessionalValues(account))
    .onConflictDoNothing({ target: professionals.userId });
  const [created] = await ctx.db
    .select()
    .from(professionals)
    .where(eq(professionals.userId, account.id));
  ctx.logger.info('professional profile created on first load', { userId: account.id });
  return created!;
}
