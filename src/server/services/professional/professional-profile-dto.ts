import { inArray } from 'drizzle-orm';
import { employmentStatuses, licenseTypes, type ProfessionalRole } from '@shared/accounts';
import { availabilitySchema } from '@shared/professional/availability';
import { fileApiPath } from '@shared/professional/files';
import { mergeFlagGroup } from '@shared/professional/flag-groups';
import type { ProfessionalProfileDto, StoredFileDto } from '@shared/professional/profile';
import { roleDescriptions } from '@shared/professional/roles';
import { storedFiles } from '../../db/schema';
import type { ServiceContext } from '../context';
import { latestDecisionReason } from '../screening/latest-decision-reason';
import type { ProfessionalRow } from './ensure-professional';

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

/** Loads the photo and resume rows the record points at and builds the DTO. */
export async function loadProfileDto(
  ctx: ServiceContext,
  row: ProfessionalRow,
  role: ProfessionalRole,
): Promise<ProfessionalProfileDto> {
  const ids = [row.photoFileId, row.resumeFileId].filter((id): id is string => Boolean(id));
  const files = ids.length
    ? await ctx.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))
    : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  return toProfileDto(
    row,
    role,
    {
      photo: (row.photoFileId && byId.get(row.photoFileId)) || null,
      resume: (row.resumeFileId && byId.get(row.resumeFileId)) || null,
    },
    await latestDecisionReason(ctx, row.id, row.status),
  );
}
