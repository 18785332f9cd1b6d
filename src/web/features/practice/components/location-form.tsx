import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { locationSchema, type LocationInput } from '@shared/practice/locations';
import type { LocationDto } from '@shared/practice/practice-replies';
import { AddressFields } from '@web/components/ui/address-fields';
import { Banner } from '@web/components/ui/banner';
import { FormButtons } from '@web/components/ui/form-buttons';
import { EmailField, PhoneField } from '@web/components/ui/contact-fields';
import { TextField } from '@web/components/ui/form-field';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';

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
      applyServerFieldErrors(error, emptyLocation, form.setError);
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
      <AddressFields
        register={form.register}
        errors={errors}
        required={['address', 'zipCode']}
        streetLabel="Address"
        gap="gap-4"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
        <EmailField required error={errors.email?.message} {...form.register('email')} />
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
      <FormButtons
        submitLabel={pending ? 'Saving...' : submitLabel}
        onCancel={onCancel}
        disabled={pending}
      />
    </form>
  );
}
