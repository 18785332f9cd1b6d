import { FileText } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { RESUME_MAX_BYTES, resumeAccept } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import type { StoredFileDto } from '@shared/professional/profile';
import { buttonClass } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useUploadProfessionalResume } from '../api/upload-resume';

/** The resume: a download link or 'No file uploaded', and an upload (PDF, DOC, DOCX; 10 MB). */
export function ResumeField({ resume }: { resume: StoredFileDto | null }) {
  const upload = useUploadProfessionalResume();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setError(null);
    if (file.size > RESUME_MAX_BYTES) {
      setError(professionalMessages.resumeTooLarge);
      toast.error(professionalMessages.uploadFailed);
      return;
    }
    upload.mutate(file, {
      onError: (failure) => {
        toast.error(professionalMessages.uploadFailed);
        setError(
          failure instanceof ApiError && failure.message
            ? `${professionalMessages.uploadFailed}: ${failure.message}`
            : professionalMessages.uploadFailed,
        );
      },
    });
  };

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
        <label
          className={buttonClass(
            'secondary',
            'cursor-pointer px-3 py-1.5 text-sm focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600',
          )}
        >
          <input
            type="file"
            accept={resumeAccept}
            className="sr-only"
            disabled={upload.isPending}
            aria-describedby={error ? errorId : undefined}
            onChange={onChange}
          />
          Upload Resume
        </label>
        {upload.isPending ? (
          <span role="status" className="text-sm text-slate-700">
            Uploading…
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">PDF, DOC or DOCX, up to 10 MB.</p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
