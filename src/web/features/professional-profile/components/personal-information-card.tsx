import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { licenseTypes } from '@shared/accounts';
import { fieldMessages } from '@shared/messages';
import { licenseTypeField, type ProfileUpdateInput } from '@shared/professional/profile';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { phoneField, requiredText } from '@shared/validation/fields';
import { ChangeEmail } from '@web/components/portal/change-email';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { EditableCard, type CardFormProps, type ProfileCardProps } from './editable-card';
import { PhotoField } from './photo-field';
import { ReadField, ReadGrid } from './read-only';

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

/** 'Personal Information' (hygienist, front desk) or 'Basic Information' (assistant), with the photo. */
export function PersonalInformationCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title={description.personalCardTitle}
      formId="personal-information-form"
      saveMessage={description.saveMessage}
      lead={<PhotoField photo={profile.photo} />}
    >
      {({ editing, form }) =>
        editing ? (
          <PersonalForm {...form} profile={profile} description={description} />
        ) : (
          <div className="space-y-4">
            <ReadGrid>
              <ReadField label="First Name" value={profile.firstName} />
              <ReadField label="Last Name" value={profile.lastName} />
              <ReadField label="Email" value={profile.email} />
              <ReadField label="Phone" value={profile.phone} />
              <ReadField label="Position" value={profile.position} />
              {description.hasLicenseNumber ? (
                <ReadField label="License Number" value={profile.licenseNumber} />
              ) : null}
              {description.hasLicenseType ? (
                <ReadField label="License Type" value={profile.licenseType} />
              ) : null}
            </ReadGrid>
            <ChangeEmail />
          </div>
        )
      }
    </EditableCard>
  );
}

function PersonalForm({ formId, profile, description, onSave }: CardFormProps & ProfileCardProps) {
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
