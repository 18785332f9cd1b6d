import { eq, sql } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import { emailChangeMessages } from '@shared/validation/email-change';
import type { OfficeInformationUpdate } from '@shared/practice/office';
import type { PracticeDto } from '@shared/practice/practice-replies';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { getPractice } from './get-practice';
import { toPracticeDto } from './practice-dtos';

/**
 * Saves a section of Office Information: only the fields the request carries change (the
 * software options key by key, each maximum rate on its own), so one section's save never
 * rewrites another's. Maximum rates are stored in cents, null when left empty. The e-mail is the
 * account's one address (sign-in and notices): a save may carry it unchanged, but a new one is
 * refused; it changes only through the link sent to the new address (change-email.ts).
 */
export async function updatePractice(
  ctx: ServiceContext,
  practiceId: string,
  input: OfficeInformationUpdate,
): Promise<PracticeDto> {
  const [current] = await ctx.db
    .select({ email: practices.email })
    .from(practices)
    .where(eq(practices.id, practiceId));
  if (!current) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  if (input.email !== undefined && input.email !== current.email.toLowerCase()) {
    throw new DomainError(400, 'validation_failed', emailChangeMessages.changeByLink, {
      email: emailChangeMessages.changeByLink,
    });
  }
  const values: Partial<typeof practices.$inferInsert> = {};
  const plain = [
    'practiceName',
    'address',
    'city',
    'state',
    'zipCode',
    'phone',
    'businessOwner',
    'pointOfContact',
    'mobileNumber',
  ] as const;
  for (const key of plain) {
    const value = input[key];
    if (value !== undefined) values[key] = value;
  }
  const rates = input.maxRates ?? {};
  if (rates.hygienist !== undefined) values.hygienistMaxRateCents = rates.hygienist;
  if (rates.dentalAssistant !== undefined)
    values.dentalAssistantMaxRateCents = rates.dentalAssistant;
  if (rates.frontDesk !== undefined) values.frontDeskMaxRateCents = rates.frontDesk;
  const software = Object.fromEntries(
    Object.entries(input.dentalSoftware ?? {}).filter(([, value]) => value !== undefined),
  );
  // A save that names nothing to change (an empty section, or only the e-mail as it is)
  // changes nothing, not even when it was saved.
  if (Object.keys(values).length === 0 && Object.keys(software).length === 0) {
    return getPractice(ctx, practiceId);
  }
  const [row] = await ctx.db
    .update(practices)
    .set({
      ...values,
      updatedAt: new Date(),
      ...(Object.keys(software).length
        ? {
            dentalSoftware: sql`${practices.dentalSoftware} || ${JSON.stringify(software)}::jsonb`,
          }
        : {}),
    })
    .where(eq(practices.id, practiceId))
    .returning();
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  return toPracticeDto(row);
}
