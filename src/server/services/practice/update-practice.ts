import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import type { officeInformationSchema, PracticeDto } from '@shared/practice/office';
import type { z } from 'zod';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { toPracticeDto } from './practice-dtos';

export type OfficeInformation = z.output<typeof officeInformationSchema>;

/**
 * Saves Office Information: every section writes the whole practice record. Maximum rates are
 * stored in cents, null when left empty. The sign-in e-mail is not changed by this.
 */
export async function updatePractice(
  ctx: ServiceContext,
  practiceId: string,
  input: OfficeInformation,
): Promise<PracticeDto> {
  const [row] = await ctx.db
    .update(practices)
    .set({
      practiceName: input.practiceName,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      phone: input.phone,
      email: input.email,
      businessOwner: input.businessOwner,
      pointOfContact: input.pointOfContact,
      mobileNumber: input.mobileNumber,
      dentalSoftware: input.dentalSoftware,
      hygienistMaxRateCents: input.maxRates.hygienist,
      dentalAssistantMaxRateCents: input.maxRates.dentalAssistant,
      frontDeskMaxRateCents: input.maxRates.frontDesk,
      updatedAt: new Date(),
    })
    .where(eq(practices.id, practiceId))
    .returning();
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  return toPracticeDto(row);
}
