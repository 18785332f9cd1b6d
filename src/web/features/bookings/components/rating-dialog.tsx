import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { ratingSchema } from '@shared/marketplace/ratings';
import { FormButtons } from '@web/components/ui/form-buttons';
import { DialogForm, useDialogForm } from '@web/components/ui/dialog-form';
import { StarRatingField } from './star-rating-field';
import { TextAreaField } from '@web/components/ui/text-area-field';

interface RatingFormValues {
  stars: number | null;
  comment: string;
}

interface RatingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Rate Taylor Brooks' / 'Rate Shoreline Dental'. */
  title: string;
  /** Which shift is rated. */
  description: string;
  /** Sends the rating; resolves when saved (the dialog closes), rejects to stay open. */
  onSubmit: (rating: z.output<typeof ratingSchema>) => Promise<void>;
  pending: boolean;
}

const emptyRating: RatingFormValues = { stars: null, comment: '' };

/** 1 to 5 stars and an optional comment, once per side per completed shift. */
export function RatingDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  pending,
}: RatingDialogProps) {
  const { form, close, submit } = useDialogForm<RatingFormValues, z.output<typeof ratingSchema>>({
    // The form starts with no star chosen (null), which the schema refuses with its message.
    resolver: zodResolver(ratingSchema) as never,
    emptyValues: emptyRating,
    onOpenChange,
    onSend: onSubmit,
  });
  const { errors } = form.formState;

  return (
    <DialogForm
      open={open}
      close={close}
      title={title}
      description={description}
      pending={pending}
      onSubmit={submit}
    >
      <Controller
        control={form.control}
        name="stars"
        render={({ field }) => (
          <StarRatingField
            legend="Rating"
            value={field.value}
            onChange={field.onChange}
            error={errors.stars?.message}
            disabled={pending}
          />
        )}
      />
      <TextAreaField
        label="Comment (optional)"
        maxLength={1000}
        error={errors.comment?.message}
        disabled={pending}
        {...form.register('comment')}
      />
      <FormButtons
        submitLabel={pending ? 'Saving...' : 'Submit Rating'}
        onCancel={() => close(false)}
        disabled={pending}
        className="flex flex-wrap justify-end gap-2"
      />
    </DialogForm>
  );
}
