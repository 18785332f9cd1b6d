import { useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import { professionalMessages } from '@shared/professional/messages';
import type { ProfileUpdateInput } from '@shared/professional/profile';
import type { ProfessionalProfileDto } from '@shared/professional/professional-replies';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useUpdateProfessionalProfile } from '../api/update-profile';

/** The props every profile card takes: the profile and the role it belongs to. */
export interface ProfileCardProps {
  profile: ProfessionalProfileDto;
  description: ProfessionalRoleDescription;
}

/** Puts the server's field messages (keyed by field path) on the form's fields. */
export type FieldErrorsHandler = (fields: Record<string, string>) => void;

/** What a card's form gets: its id (the header's Save button submits it) and how to save. */
export interface CardFormProps<Values = ProfileUpdateInput> {
  formId: string;
  onSave: (values: Values, onFieldErrors: FieldErrorsHandler) => void;
}

/** What a card's body is rendered with. */
export interface CardBody {
  editing: boolean;
  form: CardFormProps;
}

interface EditableCardProps {
  title: string;
  formId: string;
  /** The role's message after a successful save. */
  saveMessage: string;
  /** Shown under the title in read mode only. */
  readDescription?: ReactNode;
  /** Shown above the body in both modes (the photo, the resume). */
  lead?: ReactNode;
  children: (card: CardBody) => ReactNode;
}

/**
 * A profile card with its own Edit and Save (spec sections 2 and 4): read mode, Edit to edit mode,
 * Save to read mode; a failed save stays in edit mode with 'Failed to save changes'.
 */
export function EditableCard({
  title,
  formId,
  saveMessage,
  readDescription,
  lead,
  children,
}: EditableCardProps) {
  const headingId = useId();
  const card = useCardSave(saveMessage);
  const description = card.editing ? null : readDescription;
  const body = useRef<HTMLDivElement>(null);
  const formShown = useFormShown(body, formId, card.editing);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {card.editing ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={card.cancel} disabled={card.saving}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={card.saving || !formShown}>
              {card.saving ? 'Saving...' : 'Save'}
              <span className="sr-only"> {title}</span>
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={card.edit}>
            Edit<span className="sr-only"> {title}</span>
          </Button>
        )}
      </div>
      {description ? <div className="mt-1 text-sm text-slate-700">{description}</div> : null}
      {card.editing && card.error ? (
        <div className="mt-3">
          <Banner tone="error">{card.error}</Banner>
        </div>
      ) : null}
      <div className="mt-4" ref={body}>
        {lead ? <div className="mb-6">{lead}</div> : null}
        {children({ editing: card.editing, form: { formId, onSave: card.save } })}
      </div>
    </section>
  );
}

/**
 * Whether the card's form is in the page: a form that loads with its own code (lazyChunk) is not
 * while it loads or when it could not be fetched (offline: the card says so, with 'Try again'),
 * and Save, which submits it, stays disabled until it is, instead of doing nothing.
 */
function useFormShown(
  body: RefObject<HTMLDivElement | null>,
  formId: string,
  editing: boolean,
): boolean {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    const element = body.current;
    if (!editing || !element) return;
    const check = () => setShown(element.querySelector(`form[id="${formId}"]`) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [body, formId, editing]);
  return editing && shown;
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

  function save(input: ProfileUpdateInput, onFieldErrors?: FieldErrorsHandler) {
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
