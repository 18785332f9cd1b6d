import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { employmentStatuses, licenseTypes, type ProfessionalRole } from '@shared/accounts';
import { availabilitySchema } from '@shared/professional/availability';
import { fileApiPath } from '@shared/professional/files';
import { mergeFlagGroup } from '@shared/professional/flag-groups';
import type {
  ProfessionalProfileDto,
  StoredFileDto,
} from '@shared/professional/professional-replies';
import { roleDescriptions } from '@shared/professional/roles';
import { perDatabase } from '../../db/per-database';
import { professionals, storedFiles, verificationDecisions } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { ProfessionalRow } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';

type StoredFileRow = typeof storedFiles.$inferSelect;

export function toStoredFileDto(file: StoredFileRow): StoredFileDto {
  return {
    id: file.id,
    url: fileApiPath(file.id),
    name: file.originalName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    uploadedAt: file.createdAt.toISOString(),
  };
}

/** The record merged over the role's defaults: every field the role has, nothing it has not. */
export function toProfileDto(
  row: ProfessionalRow,
  role: ProfessionalRole,
  files: { photo: StoredFileRow | null; resume: StoredFileRow | null },
  statusReason: string | null = null,
): ProfessionalProfileDto {
  const description = roleDescriptions[role];
  const availability = availabilitySchema.safeParse(row.availability);
  const dto: ProfessionalProfileDto = {
    role,
    position: row.position || description.position,
    status: row.status,
    statusReason,
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
    employmentStatus:
      row.employmentStatus && employmentStatuses.includes(row.employmentStatus)
        ? row.employmentStatus
        : null,
    availability: availability.success ? availability.data : [],
    preferredLocations: Array.isArray(row.preferredLocations)
      ? row.preferredLocations.filter((value) => typeof value === 'string')
      : [],
    homeAddress: row.homeAddress,
    homeZipCode: row.homeZipCode,
    travelDistance: row.travelDistanceMiles,
    minimumRateCents: row.minimumRateCents,
    photo: files.photo ? toStoredFileDto(files.photo) : null,
    resume: files.resume ? toStoredFileDto(files.resume) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  for (const group of description.flagGroups) {
    dto[group.name] = mergeFlagGroup(group, row[group.name]);
  }
  return dto;
}

const photoFile = alias(storedFiles, 'photo_file');
const resumeFile = alias(storedFiles, 'resume_file');

/**
 * The professional's record with its photo and resume rows and, when rejected, suspended or back
 * in review after a change ('Changed license number'), the reason of the latest decision: one prepared statement (the portal reads it on every visit).
 */
const profileQuery = perDatabase((db) =>
  db
    .select({
      professional: professionals,
      photo: photoFile,
      resume: resumeFile,
      statusReason: sql<
        string | null
      >`case when ${professionals.status} in ('rejected', 'suspended', 'pending')
        then (select nullif(${verificationDecisions.reason}, '') from ${verificationDecisions}
              where ${verificationDecisions.professionalId} = ${professionals.id}
              order by ${verificationDecisions.createdAt} desc, ${verificationDecisions.id} desc
              limit 1) end`,
    })
    .from(professionals)
    .leftJoin(photoFile, eq(photoFile.id, professionals.photoFileId))
    .leftJoin(resumeFile, eq(resumeFile.id, professionals.resumeFileId))
    .where(eq(professionals.userId, sql.placeholder('userId')))
    .prepare('professional_profile_by_user'),
);

/** The professional's profile as the API answers it, and their record's id; null when none yet. */
export async function readProfileDto(
  ctx: Pick<ServiceContext, 'db'>,
  account: Pick<ProfessionalAccount, 'id' | 'role'>,
): Promise<{ professionalId: string; profile: ProfessionalProfileDto } | null> {
  const [row] = await profileQuery(ctx.db).execute({ userId: account.id });
  if (!row) return null;
  return {
    professionalId: row.professional.id,
    profile: toProfileDto(
      row.professional,
      account.role,
      { photo: row.photo, resume: row.resume },
      row.statusReason,
    ),
  };
}
