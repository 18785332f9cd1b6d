import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { licenseTypes } from '@shared/accounts';
import { fileApiPath } from '@shared/professional/files';
import { roleDescriptions } from '@shared/professional/roles';
import { professionalStatuses, type ProfessionalStatus } from '@shared/screening';
import type { VerificationDecisionDto } from '@shared/screening-replies';
import type { ScreeningFileDto } from '@shared/screening-replies';
import type { ScreeningListDto } from '@shared/screening-replies';
import { professionals, storedFiles, user, verificationDecisions } from '../../db/schema';
import type { ServiceContext } from '../context';

/** Upper bound of one tab; the console is for a small staff reviewing a regional market. */
const MAX_LISTED = 500;

type StoredFileRow = typeof storedFiles.$inferSelect;

function fileDto(file: StoredFileRow | undefined): ScreeningFileDto | null {
  return file
    ? { url: fileApiPath(file.id), name: file.originalName, contentType: file.contentType }
    : null;
}

/**
 * The professionals with `status` for the admin console (oldest first, so the longest waiting
 * come first), each with license details, photo and resume links and the decision history
 * (newest first), plus the number in each status for the tabs.
 */
export async function listProfessionalsForScreening(
  ctx: ServiceContext,
  status: ProfessionalStatus,
): Promise<ScreeningListDto> {
  const rows = await ctx.db
    .select()
    .from(professionals)
    .where(eq(professionals.status, status))
    .orderBy(asc(professionals.createdAt), asc(professionals.id))
    .limit(MAX_LISTED);

  const fileIds = rows
    .flatMap((row) => [row.photoFileId, row.resumeFileId])
    .filter((id): id is string => Boolean(id));
  const files = fileIds.length
    ? await ctx.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds))
    : [];
  const fileById = new Map(files.map((file) => [file.id, file]));

  const ids = rows.map((row) => row.id);
  const decisions = ids.length
    ? await ctx.db
        .select({
          id: verificationDecisions.id,
          professionalId: verificationDecisions.professionalId,
          decision: verificationDecisions.decision,
          reason: verificationDecisions.reason,
          createdAt: verificationDecisions.createdAt,
          adminId: user.id,
          adminName: user.name,
          adminEmail: user.email,
        })
        .from(verificationDecisions)
        .leftJoin(user, eq(user.id, verificationDecisions.adminUserId))
        .where(inArray(verificationDecisions.professionalId, ids))
        .orderBy(desc(verificationDecisions.createdAt), desc(verificationDecisions.id))
    : [];
  const historyById = new Map<string, VerificationDecisionDto[]>();
  for (const d of decisions) {
    const list = historyById.get(d.professionalId) ?? [];
    list.push({
      id: d.id,
      decision: d.decision,
      reason: d.reason,
      createdAt: d.createdAt.toISOString(),
      admin: d.adminId
        ? { id: d.adminId, name: d.adminName ?? '', email: d.adminEmail ?? '' }
        : null,
    });
    historyById.set(d.professionalId, list);
  }

  const countRows = await ctx.db
    .select({ status: professionals.status, n: count() })
    .from(professionals)
    .groupBy(professionals.status);
  const counts = Object.fromEntries(professionalStatuses.map((s) => [s, 0])) as Record<
    ProfessionalStatus,
    number
  >;
  for (const row of countRows) counts[row.status] = Number(row.n);

  return {
    status,
    counts,
    professionals: rows.map((row) => {
      const description = roleDescriptions[row.role];
      return {
        id: row.id,
        userId: row.userId,
        role: row.role,
        position: row.position || description.position,
        status: row.status,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        licenseNumber: description.hasLicenseNumber ? (row.licenseNumber ?? null) : null,
        licenseType:
          description.hasLicenseType && row.licenseType && licenseTypes.includes(row.licenseType)
            ? row.licenseType
            : null,
        yearsOfExperience: row.yearsOfExperience,
        photo: fileDto(row.photoFileId ? fileById.get(row.photoFileId) : undefined),
        resume: fileDto(row.resumeFileId ? fileById.get(row.resumeFileId) : undefined),
        createdAt: row.createdAt.toISOString(),
        history: historyById.get(row.id) ?? [],
      };
    }),
  };
}
