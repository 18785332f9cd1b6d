import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import type { AboutOfficeDto, AboutOfficeUpdate } from '@shared/trust/practice-scorecard';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

type AboutColumns = Pick<
  typeof practices.$inferSelect,
  'parking' | 'patientsPerHour' | 'assistantProvided' | 'dressCode' | 'firstDayInstructions'
>;

/** What the practice says about itself, as both sides read it. */
export function toAboutOffice(row: AboutColumns): AboutOfficeDto {
  return {
    parking: row.parking,
    patientsPerHour: row.patientsPerHour,
    assistantProvided: row.assistantProvided,
    dressCode: row.dressCode,
    firstDayInstructions: row.firstDayInstructions,
  };
}

const aboutColumns = {
  parking: practices.parking,
  patientsPerHour: practices.patientsPerHour,
  assistantProvided: practices.assistantProvided,
  dressCode: practices.dressCode,
  firstDayInstructions: practices.firstDayInstructions,
};

/** GET /api/practice/about: the practice's own self-description. */
export async function readPracticeAbout(
  ctx: ServiceContext,
  practiceId: string,
): Promise<AboutOfficeDto> {
  const [row] = await ctx.db
    .select(aboutColumns)
    .from(practices)
    .where(eq(practices.id, practiceId));
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  return toAboutOffice(row);
}

/**
 * PUT /api/practice/about: only the fields the request carries change (a field left out stays as
 * it is; '' or null clears one). The input was validated by aboutOfficeUpdateSchema.
 */
export async function savePracticeAbout(
  ctx: ServiceContext,
  practiceId: string,
  input: AboutOfficeUpdate,
): Promise<AboutOfficeDto> {
  const values: Partial<typeof practices.$inferInsert> = {};
  if (input.parking !== undefined) values.parking = input.parking;
  if (input.patientsPerHour !== undefined) values.patientsPerHour = input.patientsPerHour;
  if (input.assistantProvided !== undefined) values.assistantProvided = input.assistantProvided;
  if (input.dressCode !== undefined) values.dressCode = input.dressCode;
  if (input.firstDayInstructions !== undefined)
    values.firstDayInstructions = input.firstDayInstructions;
  if (Object.keys(values).length === 0) return readPracticeAbout(ctx, practiceId);
  const [row] = await ctx.db
    .update(practices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(practices.id, practiceId))
    .returning(aboutColumns);
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  return toAboutOffice(row);
}
