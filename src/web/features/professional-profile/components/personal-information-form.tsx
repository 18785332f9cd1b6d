import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { licenseTypes } from '@shared/accounts';
import { fieldMessages } from '@shared/messages';
import { licenseTypeField, type ProfileUpdateInput } from '@shared/professional/profile';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { phoneField, requiredText } from '@shared/validation/fields';
import { SelectField, TextField } from '@web/components/ui/form-field';
import type { CardFormProps, ProfileCardProps } from './editable-card';

const baseShape = {
  firstName: requiredText(),
  lastName: requiredText(),
  phone: phoneField(fieldMessages.phoneRequired),
};

function schemaFor(description: ProfessionalRoleDescription) {
  return z.object({
    ...baseShape,
    licenseNumber: description.hasLicenseNumber
      ? requiredText(fieldMessages.licenseNumberRequired, 60)
      : z.string().optional(),
    licenseType: description.hasLicenseType ? licenseTypeField : z.string().optional(),
  });
}

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  licenseNumber?: string;
  licenseType?: string;
}

/** The card's edit mode: its fields, checked by the role's rules before Save sends them. */
export default function PersonalForm({
  formId,
  profile,
  description,
  onSave,
}: CardFormProps & ProfileCardProps) {
  const form = useForm<Values>({
    // The schema's shape depends on the role; its values are these strings.
    resolver: zodResolver(schemaFor(description)) as unknown as Resolver<Values>,
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone,
      licenseNumber: profile.licenseNumber ?? '',
      licenseType: profile.licenseType ?? '',
    },
  });
  const errors = form.formState.errors;
  const submit = () => {
    const values = form.getValues();
    const input: ProfileUpdateInput = {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
    };
    if (description.hasLicenseNumber) input.licenseNumber = values.licenseNumber ?? '';
    if (description.hasLicenseType) {
      input.licenseType = (values.licenseType ?? '') as ProfileUpdateInput['licenseType'];
    }
    onSave(input, (fields) => {
      for (const [name, message] of Object.entries(fields)) {
        if (name in values) form.setError(name as Path<Values>, { message });
      }
    });
  };
  return (
    <form
      id={formId}
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        label="First Name"
        required
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...form.register('firstName')}
      />
      <TextField
        label="Last Name"
        required
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...form.register('lastName')}
      />
      <TextField
        label="Email"
        value={profile.email}
        readOnly
        disabled
        hint="Change it with Change e-mail: the new address is confirmed by a link."
      />
      <TextField
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField label="Position" value={profile.position} readOnly disabled />
      {description.hasLicenseNumber ? (
        <TextField
          label="License Number"
          required
          error={errors.licenseNumber?.message}
          {...form.register('licenseNumber')}
        />
      ) : null}
      {description.hasLicenseType ? (
        <SelectField
          label="License Type"
          placeholder="Not provided"
          options={licenseTypes.map((value) => ({ value, label: value }))}
          error={errors.licenseType?.message}
          {...form.register('licenseType')}
        />
      ) : null}
    </form>
  );
}
