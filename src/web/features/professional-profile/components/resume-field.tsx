import { FileText } from 'lucide-react';
import { RESUME_MAX_BYTES, resumeAccept } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import type { StoredFileDto } from '@shared/professional/professional-replies';
import { useUploadProfessionalResume } from '../api/upload-resume';
import { UploadButton, UploadError, useFileUpload } from './upload-field';

/** The resume: a download link or 'No file uploaded', and an upload (PDF, DOC, DOCX; 10 MB). */
export function ResumeField({ resume }: { resume: StoredFileDto | null }) {
  const upload = useUploadProfessionalResume();
  const file = useFileUpload({
    upload,
    maxBytes: RESUME_MAX_BYTES,
    tooLargeMessage: professionalMessages.resumeTooLarge,
    failedMessage: professionalMessages.uploadFailed,
  });

  return (
    <div>
      <p className="text-sm font-medium text-slate-600">Resume</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {resume ? (
          <a
            href={resume.url}
            download={resume.name}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            {resume.name}
          </a>
        ) : (
          <span className="text-slate-500 italic">{professionalMessages.noFileUploaded}</span>
        )}
        <UploadButton label="Upload Resume" accept={resumeAccept} compact state={file} />
        {upload.isPending ? (
          <span role="status" className="text-sm text-slate-700">
            Uploading…
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">PDF, DOC or DOCX, up to 10 MB.</p>
      <UploadError state={file} />
    </div>
  );
}
