import { UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PHOTO_MAX_BYTES, photoAccept } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import type { StoredFileDto } from '@shared/professional/professional-replies';
import { useUploadProfessionalPhoto } from '../api/upload-photo';
import { UploadButton, UploadError, useFileUpload } from './upload-field';

/**
 * The profile photo: shown at once while it uploads (a local preview), then from the server. A
 * photo that fails to load clears its source and shows the placeholder.
 */
export function PhotoField({ photo }: { photo: StoredFileDto | null }) {
  const upload = useUploadProfessionalPhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const file = useFileUpload({
    upload,
    maxBytes: PHOTO_MAX_BYTES,
    tooLargeMessage: professionalMessages.photoTooLarge,
    failedMessage: professionalMessages.photoUploadFailed,
    onStart: (chosen) => setPreview(URL.createObjectURL(chosen)),
    onFinish: () => setPreview(null),
  });

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const src = preview ?? photo?.url ?? null;
  const shown = src && src !== brokenSrc ? src : null;

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="relative h-24 w-24 shrink-0 overflow-hidden rounded-full border border-slate-200 bg-slate-100">
        {shown ? (
          <img
            src={shown}
            alt="Profile photo"
            className="h-full w-full object-cover"
            onError={() => setBrokenSrc(shown)}
          />
        ) : (
          <UserRound className="h-full w-full p-5 text-slate-400" aria-hidden="true" />
        )}
        {upload.isPending ? (
          <span
            className="absolute inset-0 flex items-center justify-center bg-white/60"
            role="status"
          >
            <span
              className="h-6 w-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
              aria-hidden="true"
            />
            <span className="sr-only">Uploading photo…</span>
          </span>
        ) : null}
      </div>
      <div className="space-y-1">
        {!photo && !preview ? (
          <p className="text-sm text-slate-500 italic">{professionalMessages.noFileUploaded}</p>
        ) : null}
        <UploadButton label="Upload Photo" accept={photoAccept} state={file} />
        <p className="text-xs text-slate-600">Any image, up to 5 MB.</p>
        <UploadError state={file} />
      </div>
    </div>
  );
}
