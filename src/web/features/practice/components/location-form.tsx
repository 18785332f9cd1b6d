import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { locationSchema, type LocationDto, type LocationInput } from '@shared/practice/locations';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { ApiError } from '@web/lib/api-client';

const emptyLocation: LocationInput = {
  name: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  phone: '',
  email: '',
  pointOfContact: '',
  dentalSoftware: '',
  operatoryCount: '1',
};

function toInput(location: LocationDto): LocationInput {
  return {
    name: location.name,
    address: location.address,
    city: location.city,
    state: location.state,
    zipCode: location.zipCode,
    phone: location.phone,
    email: location.email,
    pointOfContact: location.pointOfContact,
    dentalSoftware: location.dentalSoftware,
    operatoryCount: String(location.operatoryCount),
  };
}

interface LocationFormProps {
  title: string;
  /** The location being edited; none for a new one. */
  location?: LocationDto;
  submitLabel: string;
  pending: boolean;
  /** The message above the form after a failed save. */
  failure?: string;
  onSubmit: (input: LocationInput) => Promise<unknown>;
  onCancel: () => void;
  autoFocus?: boolean;
}

/** The add and edit form of a location (spec section 5's location rules, via `locationSchema`). */
export function LocationForm({
  title,
  location,
  submitLabel,
  pending,
  failure,
  onSubmit,
  onCancel,
  autoFocus,
}: LocationFormProps) {
  const headingId = useId();
  const form = useForm<LocationInput, unknown, z.output<typeof locationSchema>>({
    resolver: zodResolver(locationSchema),
    defaultValues: location ? toInput(location) : emptyLocation,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async () => {
    try {
      await onSubmit(form.getValues());
    } catch (error) {
      // The failure banner says what went wrong; field messages from the server go under fields.
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in emptyLocation) form.setError(field as keyof LocationInput, { message });
        }
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-brand-600 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <TextField
        label="Location Name"
        required
        autoFocus={autoFocus}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Address"
        required
        autoComplete="street-address"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...form.register('state')}
        />
        <TextField
          label="ZIP Code"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          error={errors.zipCode?.message}
          {...form.register('zipCode')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <TextField
        label="Point of Contact"
        required
        autoComplete="name"
        error={errors.pointOfContact?.message}
        {...form.register('pointOfContact')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Dental Software"
          error={errors.dentalSoftware?.message}
          {...form.register('dentalSoftware')}
        />
        <TextField
          label="Operatory Count"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          error={errors.operatoryCount?.message}
          {...form.register('operatoryCount')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
