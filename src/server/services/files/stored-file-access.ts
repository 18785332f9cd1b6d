import { and, eq, or } from 'drizzle-orm';
import type { AccountType } from '@shared/accounts';
import { genericErrors } from '@shared/messages';
import { professionalMessages } from '@shared/professional/messages';
import {
  credentials,
  practices,
  professionals,
  shiftApplications,
  shifts,
  storedFiles,
} from '../../db/schema';
import type { StoredObject } from '../../storage/file-storage';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export interface FileViewer {
  id: string;
  /** Needed for the staff rule below; a viewer without it is treated as the owner check only. */
  accountType?: AccountType;
}

/**
 * Who may see a file, decided here and nowhere else: its owner; platform staff (admins)
 * screening a professional's photo or resume, or checking a credential's document; and a practice, for the current photo and resume
 * of a professional only while that professional has a pending application on one of the
 * practice's shifts (once withdrawn, declined or accepted: no more).
 */
export async function canViewStoredFile(
  ctx: ServiceContext,
  viewer: FileViewer,
  file: StoredFileRow,
): Promise<boolean> {
  if (file.ownerUserId === viewer.id) return true;
  if (viewer.accountType === 'admin' && (file.kind === 'photo' || file.kind === 'resume')) {
    const [owner] = await ctx.db
      .select({ id: professionals.id })
      .from(professionals)
      .where(eq(professionals.userId, file.ownerUserId));
    return Boolean(owner);
  }
  if (viewer.accountType === 'admin' && file.kind === 'credential') {
    const [credential] = await ctx.db
      .select({ id: credentials.id })
      .from(credentials)
      .where(eq(credentials.documentFileId, file.id));
    return Boolean(credential);
  }
  if (viewer.accountType === 'practice' && (file.kind === 'photo' || file.kind === 'resume')) {
    const [applicant] = await ctx.db
      .select({ id: shiftApplications.id })
      .from(professionals)
      .innerJoin(shiftApplications, eq(shiftApplications.professionalId, professionals.id))
      .innerJoin(shifts, eq(shifts.id, shiftApplications.shiftId))
      .innerJoin(practices, eq(practices.id, shifts.practiceId))
      .where(
        and(
          eq(professionals.userId, file.ownerUserId),
          or(eq(professionals.photoFileId, file.id), eq(professionals.resumeFileId, file.id)),
          eq(shiftApplications.status, 'pending'),
          eq(practices.userId, viewer.id),
        ),
      )
      .limit(1);
    return Boolean(applicant);
  }
  return false;
}

/** The file's metadata and bytes for `viewer`: 404 when there is none, 403 when not theirs. */
export async function openStoredFile(
  ctx: ServiceContext,
  viewer: FileViewer,
  fileId: string,
): Promise<{ file: StoredFileRow; object: StoredObject }> {
  const notFound = new DomainError(404, 'not_found', professionalMessages.fileNotFound);
  const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!file) throw notFound;
  if (!(await canViewStoredFile(ctx, viewer, file))) {
    throw new DomainError(403, 'forbidden', genericErrors.forbidden);
  }
  const object = await ctx.storage.get(file.storageKey).catch((error: unknown) => {
    ctx.logger.warn('file storage unavailable', { fileId, error: String(error) });
    throw new DomainError(503, 'storage_unavailable', genericErrors.unavailable);
  });
  if (!object) {
    ctx.logger.warn('stored file has no bytes in storage', { fileId, key: file.storageKey });
    throw notFound;
  }
  return { file, object };
}

/** Removes a file's row, then its bytes; a failure to remove the bytes is logged, not raised. */
export async function deleteStoredFile(ctx: ServiceContext, file: StoredFileRow): Promise<void> {
  await ctx.db.delete(storedFiles).where(eq(storedFiles.id, file.id));
  try {
    await ctx.storage.delete(file.storageKey);
  } catch (error) {
    ctx.logger.warn('could not delete a replaced file from storage', {
      key: file.storageKey,
      error: String(error),
    });
  }
}
