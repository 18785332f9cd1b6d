import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ApplicantDto } from '@shared/marketplace/booking-replies';
import { fileApiPath } from '@shared/professional/files';
import { bookings, professionals, ratings, shiftApplications, shifts } from '../../db/schema';
import type { ServiceContext } from '../context';
import { readReliabilities } from '../trust/professional-reliability';
import { applicantFlagLabels } from './applicant-flags';
import type { Tx } from './db-transaction';
import { professionalName } from './marketplace-actors';
import { marketplaceErrors } from './marketplace-errors';

/** Mean of the stars practices gave the professional (one decimal), and how many. */
const averageRating = sql<number | null>`(select round(avg(${ratings.stars})::numeric, 1)::float8
  from ${ratings} where ${ratings.professionalId} = ${professionals.id}
  and ${ratings.raterSide} = 'practice')`.mapWith(Number);
const ratingCount = sql<number>`(select count(*) from ${ratings}
  where ${ratings.professionalId} = ${professionals.id}
  and ${ratings.raterSide} = 'practice')`.mapWith(Number);
const shiftsCompleted = sql<number>`(select count(*) from ${bookings}
  where ${bookings.professionalId} = ${professionals.id}
  and ${bookings.status} = 'completed')`.mapWith(Number);

/**
 * Applicants as the practice sees them, one query: the profile, the rating and completed-shift
 * figures as correlated subqueries (served by the ratings and bookings indexes); then their
 * reliability over the 12 months before `now`, for all of them in one more query. Withdrawn
 * applications are left out. The photo and resume URLs are given only while the application
 * is pending: that is when the practice may open them (canViewStoredFile).
 */
export async function loadApplicants(
  db: Pick<Tx, 'select'>,
  where: SQL,
  now: Date = new Date(),
): Promise<ApplicantDto[]> {
  const rows = await db
    .select({
      application: shiftApplications,
      professional: professionals,
      averageRating,
      ratingCount,
      shiftsCompleted,
    })
    .from(shiftApplications)
    .innerJoin(professionals, eq(professionals.id, shiftApplications.professionalId))
    .where(and(where, ne(shiftApplications.status, 'withdrawn')))
    .orderBy(
      sql`case ${shiftApplications.status} when 'pending' then 0 when 'accepted' then 1 else 2 end`,
      asc(shiftApplications.createdAt),
      asc(shiftApplications.id),
    );
  const reliabilities = await readReliabilities(
    db,
    rows.map((row) => row.professional.id),
    now,
  );
  return rows.map(({ application, professional, ...figures }) => {
    const pending = application.status === 'pending';
    return {
      applicationId: application.id,
      professionalId: professional.id,
      name: professionalName(professional),
      photoUrl: pending && professional.photoFileId ? fileApiPath(professional.photoFileId) : null,
      resumeUrl:
        pending && professional.resumeFileId ? fileApiPath(professional.resumeFileId) : null,
      position: professional.position,
      yearsOfExperience: professional.yearsOfExperience,
      ...applicantFlagLabels(professional.role, professional),
      averageRating: figures.averageRating,
      ratingCount: figures.ratingCount,
      shiftsCompleted: figures.shiftsCompleted,
      reliability: reliabilities.get(professional.id)!,
      note: application.note,
      status: application.status,
      appliedAt: application.createdAt.toISOString(),
    };
  });
}

/** GET /api/practice/shifts/:shiftId/applicants: only for the practice's own shift (else 404). */
export async function listApplicants(
  ctx: ServiceContext,
  practiceId: string,
  shiftId: string,
): Promise<ApplicantDto[]> {
  const [shift] = await ctx.db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.practiceId, practiceId)));
  if (!shift) throw marketplaceErrors.shiftNotFound();
  return loadApplicants(ctx.db, eq(shiftApplications.shiftId, shiftId), ctx.clock.now());
}
