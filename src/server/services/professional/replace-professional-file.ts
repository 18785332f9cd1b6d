import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PHOTO_MAX_BYTES, RESUME_MAX_BYTES } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import type { ProfessionalProfileDto } from '@shared/professional/professional-replies';
import { roleDescriptions } from '@shared/professional/roles';
import { professionals, storedFiles } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { checkUpload, type UploadKind } from '../files/check-upload';
import { displayFileName } from '../files/file-names';
import { photoKey, resumeKey } from '../files/storage-keys';
import { deleteStoredFile } from '../files/stored-file-access';
import { ensureProfessional } from './ensure-professional';
import type { ProfessionalAccount } from './professional-account';
import { getProfessionalProfile } from './get-professional-profile';

export interface Upload {
  /** The name the browser sent (shown, never trusted for the type). */
  name: string;
  bytes: Uint8Array;
}

export const uploadRules = {
  photo: {
    maxBytes: PHOTO_MAX_BYTES,
    tooLarge: professionalMessages.photoTooLarge,
    wrongType: professionalMessages.photoWrongType,
    failed: professionalMessages.photoUploadFailed,
    column: 'photoFileId',
  },
  resume: {
    maxBytes: RESUME_MAX_BYTES,
    tooLarge: professionalMessages.resumeTooLarge,
    wrongType: professionalMessages.resumeWrongType,
    failed: professionalMessages.uploadFailed,
    column: 'resumeFileId',
  },
} as const satisfies Record<
  UploadKind,
  {
    maxBytes: number;
    tooLarge: string;
    wrongType: string;
    failed: string;
    column: 'photoFileId' | 'resumeFileId';
  }
>;

/**
 * Saves a new photo or resume for the professional: checks size and content, stores the bytes
 * (spec section 7 paths), points the profile at the new file, then removes the previous one
 * (a failure there is only logged). The new file is saved before the old one is removed, so a
 * failed upload never leaves the professional without their previous file.
 */
export async function replaceProfessionalFile(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  kind: UploadKind,
  upload: Upload,
): Promise<ProfessionalProfileDto> {
  const rules = uploadRules[kind];
  if (upload.bytes.byteLength === 0) {
    throw new DomainError(400, 'file_missing', professionalMessages.fileMissing);
  }
  if (upload.bytes.byteLength > rules.maxBytes) {
    throw new DomainError(413, 'file_too_large', rules.tooLarge);
  }
  const checked = await checkUpload(kind, upload.bytes);
  if (!checked) throw new DomainError(400, 'unsupported_file_type', rules.wrongType);

  await ensureProfessional(ctx, account);
  const fileId = randomUUID();
  const name = displayFileName(
    upload.name,
    checked.extension,
    kind === 'photo' ? 'photo' : 'resume',
  );
  const key =
    kind === 'photo'
      ? photoKey(account.id, fileId)
      : resumeKey(roleDescriptions[account.role].resumeKeyPrefix, account.id, fileId, name);

  try {
    await ctx.storage.put(key, upload.bytes, checked.contentType);
  } catch (error) {
    // The file store is unreachable, failing or too slow: nothing was recorded, the profile keeps
    // its previous file, and the person is told the upload failed (spec section 8), not a 500.
    ctx.logger.warn('file storage unavailable', { kind, error: String(error) });
    throw new DomainError(503, 'storage_unavailable', rules.failed);
  }
  let previousId: string | null;
  try {
    previousId = await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(professionals)
        .where(eq(professionals.userId, account.id))
        .for('update');
      await tx.insert(storedFiles).values({
        id: fileId,
        ownerUserId: account.id,
        kind,
        storageKey: key,
        contentType: checked.contentType,
        sizeBytes: upload.bytes.byteLength,
        originalName: name,
      });
      await tx
        .update(professionals)
        .set({ [rules.column]: fileId, updatedAt: new Date() })
        .where(eq(professionals.userId, account.id));
      return current![rules.column];
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }

  if (previousId) {
    const [previous] = await ctx.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, previousId));
    if (previous) {
      await deleteStoredFile(ctx, previous).catch((error: unknown) =>
        ctx.logger.warn('could not delete the previous file', { error: String(error) }),
      );
    }
  }
  return getProfessionalProfile(ctx, account);
}
