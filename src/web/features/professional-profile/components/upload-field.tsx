import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { ProfessionalProfileDto } from '@shared/professional/professional-replies';
import { buttonClass } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';

interface FileUploadOptions {
  /** The upload mutation (photo or resume). */
  upload: UseMutationResult<ProfessionalProfileDto, Error, File>;
  maxBytes: number;
  /** Shown under the button when the file is over `maxBytes`. */
  tooLargeMessage: string;
  /** The toast, and the message under the button, when the upload fails. */
  failedMessage: string;
  /** Called with the chosen file just before it is sent. */
  onStart?: (file: File) => void;
  /** Called when the upload has finished, whether it succeeded or failed. */
  onFinish?: () => void;
}

export type FileUpload = ReturnType<typeof useFileUpload>;

/**
 * One file input's upload: a file over the limit is refused here; a failed upload shows a toast and
 * the message (with the server's reason, when there is one) under the button.
 */
export function useFileUpload({
  upload,
  maxBytes,
  tooLargeMessage,
  failedMessage,
  onStart,
  onFinish,
}: FileUploadOptions) {
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setError(null);
    if (file.size > maxBytes) {
      setError(tooLargeMessage);
      toast.error(failedMessage);
      return;
    }
    onStart?.(file);
    upload.mutate(file, {
      onSuccess: () => onFinish?.(),
      onError: (failure) => {
        onFinish?.();
        toast.error(failedMessage);
        setError(
          failure instanceof ApiError && failure.message
            ? `${failedMessage}: ${failure.message}`
            : failedMessage,
        );
      },
    });
  };

  return { error, errorId, pending: upload.isPending, onChange };
}

const focusRing =
  'focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600';

/** The file input, hidden behind a button-styled label that names it ('Upload Photo'). */
export function UploadButton({
  label,
  accept,
  compact = false,
  state,
}: {
  label: string;
  accept: string;
  /** A smaller button (the resume's). */
  compact?: boolean;
  state: FileUpload;
}) {
  return (
    <label
      className={buttonClass(
        'secondary',
        compact ? `cursor-pointer px-3 py-1.5 text-sm ${focusRing}` : `cursor-pointer ${focusRing}`,
      )}
    >
      <input
        type="file"
        accept={accept}
        className="sr-only"
        disabled={state.pending}
        aria-describedby={state.error ? state.errorId : undefined}
        onChange={state.onChange}
      />
      {label}
    </label>
  );
}

/** The upload's failure message, which the input points to. */
export function UploadError({ state }: { state: FileUpload }) {
  return state.error ? (
    <p id={state.errorId} className="text-sm text-red-700" role="alert">
      {state.error}
    </p>
  ) : null;
}
