import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  favouritesFirstChoices,
  instantBookAudiences,
  instantBookMinRatings,
  postingTexts,
} from '@shared/trust/favourites-constants';
import { SelectField } from '@web/components/ui/form-field';
import { useMyProfessionals } from '@web/features/bookings/api/favourites';

/** The new-shift form's fields for who gets the shift first (decision record 022). */
export interface OfferFormValues {
  favouritesFirstHours: string;
  instantBookFor: string;
  instantBookMinRating: string;
  wholeBlock: boolean;
}

export const emptyOfferValues = {
  favouritesFirstHours: '0',
  instantBookFor: 'everyone',
  instantBookMinRating: String(instantBookMinRatings[1]),
  wholeBlock: false,
} as const;

/** The form's strings as the shared schema reads them. */
export function offerInput(values: OfferFormValues) {
  return {
    favouritesFirstHours: Number(values.favouritesFirstHours),
    instantBookFor: values.instantBookFor,
    instantBookMinRating:
      values.instantBookFor === 'min_rating' ? Number(values.instantBookMinRating) : null,
    wholeBlock: values.wholeBlock,
  };
}

/**
 * Favourites first (only when the practice has favourites), who may book an 'Instant book'
 * shift at once, and one professional for all dates (with two or more dates and 'Review
 * applicants').
 */
export function OfferFields({
  watched,
  fields,
}: {
  watched: { bookingMode: string; dateCount: number; instantBookFor: string };
  fields: Record<
    'favouritesFirstHours' | 'instantBookFor' | 'instantBookMinRating' | 'wholeBlock',
    UseFormRegisterReturn
  >;
}) {
  const professionals = useMyProfessionals();
  const hasFavourites = professionals.data?.professionals.some((p) => p.favourite) ?? false;
  const instant = watched.bookingMode === 'instant';
  return (
    <div className="space-y-5">
      {hasFavourites ? (
        <SelectField
          label={postingTexts.favouritesFirstLabel}
          hint={postingTexts.favouritesFirstHint}
          options={favouritesFirstChoices.map((hours) => ({
            value: String(hours),
            label: postingTexts.favouritesFirstChoice(hours),
          }))}
          {...fields.favouritesFirstHours}
        />
      ) : professionals.data ? (
        <p className="text-sm text-slate-700">{postingTexts.favouritesFirstNone}</p>
      ) : null}
      {instant ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={postingTexts.instantBookForLabel}
            hint={postingTexts.instantBookForHint}
            options={instantBookAudiences.map((audience) => ({
              value: audience,
              label: postingTexts.instantBookFor[audience],
            }))}
            {...fields.instantBookFor}
          />
          {watched.instantBookFor === 'min_rating' ? (
            <SelectField
              label={postingTexts.minRatingLabel}
              options={instantBookMinRatings.map((tenths) => ({
                value: String(tenths),
                label: postingTexts.minRatingChoice(tenths),
              }))}
              {...fields.instantBookMinRating}
            />
          ) : null}
        </div>
      ) : null}
      {!instant && watched.dateCount >= 2 ? (
        <label className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
            {...fields.wholeBlock}
          />
          <span>
            <span className="block font-medium text-ink">{postingTexts.wholeBlockLabel}</span>
            <span className="block text-sm text-slate-700">{postingTexts.wholeBlockHint}</span>
          </span>
        </label>
      ) : null}
    </div>
  );
}
