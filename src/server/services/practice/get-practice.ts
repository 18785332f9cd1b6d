import type { PracticeDto } from '@shared/practice/practice-replies';
import { eq } from 'drizzle-orm';
import { genericErrors } from '@shared/messages';
import { practices } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { toPracticeDto } from './practice-dtos';

/** The practice record (office information) of one practice. */
export async function getPractice(ctx: ServiceContext, practiceId: string): Promise<PracticeDto> {
  const [row] = await ctx.db.select().from(practices).where(eq(practices.id, practiceId));
  if (!row) throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
  return toPracticeDto(row);
}
