import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatHomeAddress } from '@shared/professional/home-address';
import { optionalText } from '@shared/validation/fields';
import {
  homeZipCodeField,
  MAX_PREFERRED_LOCATIONS,
  MAX_TRAVEL_DISTANCE_MILES,
  preferredLocationsField,
  travelDistanceField,
  type ProfessionalProfileDto,
} from '@shared/professional/profile';
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
  return (
    <form
      id={formId}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(() =>
        onSave(form.getValues(), (fields) => {
          for (const name of ['homeAddress', 'homeZipCode', 'travelDistance'] as const) {
            if (fields[name]) form.setError(name, { message: fields[name] });
          }
          const listError = Object.entries(fields).find(([key]) =>
            key.startsWith('preferredLocations'),
          );
          if (listError) form.setError('preferredLocations', { message: listError[1] });
        }),
      )}
    >
      <Controller
        control={form.control}
        name="preferredLocations"
        render={({ field, fieldState }) => (
          <PreferredLocationsEditor
            value={field.value}
            onChange={field.onChange}
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
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const location = draft.trim();
    if (!location || value.includes(location) || value.length >= MAX_PREFERRED_LOCATIONS) return;
    onChange([...value, location]);
    setDraft('');
  };
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
            onChange={(event) => setDraft(event.target.value)}
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
