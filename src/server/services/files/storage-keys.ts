import { asciiFileName } from './file-names';

/**
 * Storage keys (spec section 7), each with the file's id so a new upload never reuses an old
 * address (safe to cache, and the previous file can be removed after the new one is saved).
 */
export function photoKey(userId: string, fileId: string): string {
  return `profile-photos/${userId}/profile-photo-${fileId}`;
}

/** professionals/{uid}/... for hygienists and assistants, resumes/{uid}/... for front desk. */
export function resumeKey(
  prefix: 'professionals' | 'resumes',
  userId: string,
  fileId: string,
  name: string,
): string {
  return `${prefix}/${userId}/${fileId}-${asciiFileName(name)}`;
}

/** credentials/{uid}/... for a credential's document. */
export function credentialDocumentKey(userId: string, fileId: string, name: string): string {
  return `credentials/${userId}/${fileId}-${asciiFileName(name)}`;
}
