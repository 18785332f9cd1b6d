import { fileTypeFromBuffer } from 'file-type';
import { DOC_TYPE, DOCX_TYPE, PDF_TYPE } from '@shared/professional/files';

export type UploadKind = 'photo' | 'resume';
/** What a stored file may be checked as: a profile upload, or a credential's document. */
export type CheckedKind = UploadKind | 'credential';

export interface CheckedUpload {
  /** The type found in the bytes (never the type or name the browser claimed). */
  contentType: string;
  extension: string;
}

/** 'WordDocument' in UTF-16LE: the main stream of a Word 97-2003 compound file. */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

/**
 * What the bytes really are, or null when they are not acceptable for `kind`: a photo must be an
 * image (SVG is never detected as one, so it is refused: it can carry scripts); a resume must be a
 * PDF, a Word 97-2003 document or a Word (OOXML) document; a credential's document a PDF or a
 * JPEG, PNG or WebP photo of the card; judged by content alone.
 */
export async function checkUpload(
  kind: CheckedKind,
  bytes: Uint8Array,
): Promise<CheckedUpload | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (kind === 'photo') {
    if (!found.mime.startsWith('image/') || found.mime.includes('svg')) return null;
    return { contentType: found.mime, extension: found.ext };
  }
  if (kind === 'credential') {
    const allowed = [PDF_TYPE, 'image/jpeg', 'image/png', 'image/webp'];
    return allowed.includes(found.mime) ? { contentType: found.mime, extension: found.ext } : null;
  }
  if (found.mime === PDF_TYPE) return { contentType: PDF_TYPE, extension: 'pdf' };
  // file-type reads [Content_Types].xml, so this is a zip that really is a Word document.
  if (found.mime === DOCX_TYPE) return { contentType: DOCX_TYPE, extension: 'docx' };
  if (found.mime === 'application/x-cfb' && Buffer.from(bytes).includes(WORD_STREAM_NAME)) {
    return { contentType: DOC_TYPE, extension: 'doc' };
  }
  return null;
}
