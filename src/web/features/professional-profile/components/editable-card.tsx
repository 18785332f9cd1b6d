import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { professionalMessages } from '@shared/professional/messages';
import type { ProfileUpdateInput } from '@shared/professional/profile';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useUpdateProfessionalProfile } from '../api/update-profile';

interface EditableCardProps {
  title: string;
  editing: boolean;
  saving: boolean;
  /** The id of the card's form: the header's Save button submits it. */
  formId: string;
  onEdit: () => void;
  onCancel: () => void;
  /** Shown while editing after a failed save. */
  error: string | null;
  description?: ReactNode;
  children: ReactNode;
}

/** A profile card with its own Edit and Save (spec section 2): read mode, or edit mode with a form. */
export function EditableCard(props: EditableCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {props.title}
        </h2>
        {props.editing ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={props.onCancel} disabled={props.saving}>
              Cancel
            </Button>
            <Button type="submit" form={props.formId} disabled={props.saving}>
              {props.saving ? 'Saving...' : 'Save'}
              <span className="sr-only"> {props.title}</span>
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={props.onEdit}>
            Edit<span className="sr-only"> {props.title}</span>
          </Button>
        )}
      </div>
      {props.description ? (
        <div className="mt-1 text-sm text-slate-700">{props.description}</div>
      ) : null}
      {props.editing && props.error ? (
        <div className="mt-3">
          <Banner tone="error">{props.error}</Banner>
        </div>
      ) : null}
      <div className="mt-4">{props.children}</div>
    </section>
  );
}

/**
 * Edit mode and saving for one card: Save sends the card's fields; success shows the role's save
 * message and returns to read mode; failure shows 'Failed to save changes' and stays in edit mode
 * (field messages from the server go to `onFieldErrors`).
 */
export function useCardSave(saveMessage: string) {
  const mutation = useUpdateProfessionalProfile();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function save(
    input: ProfileUpdateInput,
    onFieldErrors?: (fields: Record<string, string>) => void,
  ) {
    setError(null);
    mutation.mutate(input, {
      onSuccess: () => {
        toast.success(saveMessage);
        setEditing(false);
      },
      onError: (failure) => {
        toast.error(professionalMessages.saveFailed);
        const detail = failure instanceof ApiError && failure.status === 400 ? failure.message : '';
        setError(
          detail
            ? `${professionalMessages.saveFailed}: ${detail}`
            : professionalMessages.saveFailed,
        );
        if (failure instanceof ApiError && onFieldErrors) onFieldErrors(failure.fields);
      },
    });
  }

  return {
    editing,
    saving: mutation.isPending,
    error,
    save,
    edit: () => {
      setError(null);
      setEditing(true);
    },
    cancel: () => {
      setError(null);
      setEditing(false);
    },
  };
}
