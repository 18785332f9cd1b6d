import { UserRound } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { PHOTO_MAX_BYTES, photoAccept } from '@shared/professional/files';
import { professionalMessages } from '@shared/professional/messages';
import type { StoredFileDto } from '@shared/professional/profile';
import { buttonClass } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useUploadProfessionalPhoto } from '../api/upload-photo';

/**
 * The profile photo: shown at once while it uploads (a local preview), then from the server. A
 * photo that fails to load clears its source and shows the placeholder.
 */
export function PhotoField({ photo }: { photo: StoredFileDto | null }) {
  const upload = useUploadProfessionalPhoto();
  const [preview, setPreview] = useState<string | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const src = preview ?? photo?.url ?? null;
  const shown = src && src !== brokenSrc ? src : null;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setError(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setError(professionalMessages.photoTooLarge);
      toast.error(professionalMessages.photoUploadFailed);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => setPreview(null),
      onError: (failure) => {
        setPreview(null);
        toast.error(professionalMessages.photoUploadFailed);
        setError(
          failure instanceof ApiError && failure.message
            ? `${professionalMessages.photoUploadFailed}: ${failure.message}`
            : professionalMessages.photoUploadFailed,
        );
      },
    });
  };

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
        <label
          className={buttonClass(
            'secondary',
            'cursor-pointer focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600',
          )}
        >
          <input
            type="file"
            accept={photoAccept}
            className="sr-only"
            disabled={upload.isPending}
            aria-describedby={error ? errorId : undefined}
            onChange={onChange}
          />
          Upload Photo
        </label>
        <p className="text-xs text-slate-600">Any image, up to 5 MB.</p>
        {error ? (
          <p id={errorId} className="text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
