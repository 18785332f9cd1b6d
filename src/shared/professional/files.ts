/** Upload limits and accepted kinds (spec section 5: photo any image; resume .pdf/.doc/.docx). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/** The multipart form field that carries the file. */
export const UPLOAD_FIELD = 'file';

export const PDF_TYPE = 'application/pdf';
export const DOC_TYPE = 'application/msword';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const resumeTypes = [PDF_TYPE, DOC_TYPE, DOCX_TYPE] as const;

/** `accept` attributes of the file inputs (a hint only: the server checks the content). */
export const photoAccept = 'image/*';
export const resumeAccept = `.pdf,.doc,.docx,${resumeTypes.join(',')}`;

export const fileApiPath = (id: string) => `/api/files/${id}`;
