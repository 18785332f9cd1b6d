import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatHomeAddress } from '@shared/professional/home-address';
import { professionalMessages } from '@shared/professional/messages';
import { optionalText } from '@shared/validation/fields';
import {
  homeZipCodeField,
  MAX_PREFERRED_LOCATIONS,
  MAX_TRAVEL_DISTANCE_MILES,
  preferredLocationsField,
  travelDistanceField,
} from '@shared/professional/profile';
import type { ProfessionalProfileDto } from '@shared/professional/professional-replies';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { EditableCard, type CardFormProps, type ProfileCardProps } from './editable-card';
import { ReadField, ReadGrid } from './read-only';

const schema = z.object({
  preferredLocations: preferredLocationsField,
  homeAddress: optionalText(200),
  homeZipCode: homeZipCodeField,
  travelDistance: travelDistanceField,
});
type Values = z.input<typeof schema>;

/**
 * 'Location Preferences' (hygienist) or 'Location Information' (assistant, front desk): preferred
 * locations, home address with ZIP code, and how far the professional will travel.
 */
export function LocationCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title={description.locationCardTitle}
      formId="location-form"
      saveMessage={description.saveMessage}
    >
      {({ editing, form }) =>
        editing ? (
          <LocationForm {...form} profile={profile} />
        ) : (
          <ReadGrid>
            <ReadField
              label="Preferred Locations"
              value={
                profile.preferredLocations.length ? (
                  <ul className="flex flex-wrap gap-2">
                    {profile.preferredLocations.map((location) => (
                      <li
                        key={location}
                        className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
                      >
                        {location}
                      </li>
                    ))}
                  </ul>
                ) : null
              }
            />
            <ReadField
              label="Home Address"
              value={formatHomeAddress(profile.homeAddress, profile.homeZipCode)}
            />
            <ReadField
              label="Travel Distance"
              value={profile.travelDistance === null ? null : `${profile.travelDistance} miles`}
            />
          </ReadGrid>
        )
      }
    </EditableCard>
  );
}

function LocationForm({
  formId,
  profile,
  onSave,
}: CardFormProps<Values> & { profile: ProfessionalProfileDto }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      preferredLocations: profile.preferredLocations,
      homeAddress: profile.homeAddress,
      homeZipCode: profile.homeZipCode,
      travelDistance: profile.travelDistance === null ? '' : String(profile.travelDistance),
    },
  });
  const errors = form.formState.errors;
  // The location typed in 'Add a preferred location' and not added yet.
  const [draft, setDraft] = useState('');
  /** Adds the typed location to the list; false (with the message under the field) when full. */
  const addDraft = (): boolean => {
    const location = draft.trim();
    if (!location) return true;
    const list = form.getValues('preferredLocations');
    if (!list.includes(location)) {
      if (list.length >= MAX_PREFERRED_LOCATIONS) {
        form.setError('preferredLocations', { message: professionalMessages.tooManyLocations });
        return false;
      }
      form.setValue('preferredLocations', [...list, location], { shouldDirty: true });
    }
    form.clearErrors('preferredLocations');
    setDraft('');
    return true;
  };
  const save = form.handleSubmit(() =>
    onSave(form.getValues(), (fields) => {
      for (const name of ['homeAddress', 'homeZipCode', 'travelDistance'] as const) {
        if (fields[name]) form.setError(name, { message: fields[name] });
      }
      const listError = Object.entries(fields).find(([key]) =>
        key.startsWith('preferredLocations'),
      );
      if (listError) form.setError('preferredLocations', { message: listError[1] });
    }),
  );
  return (
    <form
      id={formId}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        // Save keeps a location typed but not added: it is added first, as Add would.
        if (!addDraft()) {
          event.preventDefault();
          return;
        }
        void save(event);
      }}
    >
      <Controller
        control={form.control}
        name="preferredLocations"
        render={({ field, fieldState }) => (
          <PreferredLocationsEditor
            value={field.value}
            onChange={field.onChange}
            draft={draft}
            onDraftChange={setDraft}
            onAdd={addDraft}
            error={fieldState.error?.message ?? firstItemError(errors.preferredLocations)}
          />
        )}
      />
      <TextField
        label="Home Address"
        autoComplete="street-address"
        error={errors.homeAddress?.message}
        {...form.register('homeAddress')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Home ZIP Code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={errors.homeZipCode?.message}
          {...form.register('homeZipCode')}
        />
        <TextField
          label="Travel Distance (miles)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_TRAVEL_DISTANCE_MILES}
          step={1}
          error={errors.travelDistance?.message}
          {...form.register('travelDistance')}
        />
      </div>
    </form>
  );
}

function firstItemError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  return (error.find(Boolean) as { message?: string } | undefined)?.message;
}

function PreferredLocationsEditor({
  value,
  onChange,
  draft,
  onDraftChange,
  onAdd,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  draft: string;
  onDraftChange: (draft: string) => void;
  onAdd: () => void;
  error: string | undefined;
}) {
  const add = () => onAdd();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Preferred Locations</legend>
      {value.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {value.map((location) => (
            <li
              key={location}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
            >
              {location}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-slate-200"
                aria-label={`Remove ${location}`}
                onClick={() => onChange(value.filter((item) => item !== location))}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Add a preferred location"
            placeholder="e.g. Newark, NJ"
            value={draft}
            maxLength={120}
            onChange={(event) => onDraftChange(event.target.value)}
            onKeyDown={onKeyDown}
            error={error}
          />
        </div>
        <Button variant="secondary" onClick={add} className={error ? 'mb-7' : ''}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}
