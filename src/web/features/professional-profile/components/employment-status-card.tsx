import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { employmentStatuses, employmentStatusLabels } from '@shared/accounts';
import { professionalMessages } from '@shared/professional/messages';
import {
  employmentStatusDescriptions,
  employmentStatusField,
  type ProfessionalProfileDto,
} from '@shared/professional/profile';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { SelectField } from '@web/components/ui/form-field';
import { EditableCard, useCardSave } from './editable-card';

const schema = z.object({ employmentStatus: employmentStatusField });
type Values = z.input<typeof schema>;

const options = employmentStatuses.map((value) => ({
  value,
  label: employmentStatusLabels[value],
}));

/** Employment status: a badge and the spec's description, or 'Not provided'. */
export function EmploymentStatusCard({
  profile,
  description,
}: {
  profile: ProfessionalProfileDto;
  description: ProfessionalRoleDescription;
}) {
  const card = useCardSave(description.saveMessage);
  const formId = 'employment-status-form';
  return (
    <EditableCard
      title="Employment Status"
      formId={formId}
      editing={card.editing}
      saving={card.saving}
      error={card.error}
      onEdit={card.edit}
      onCancel={card.cancel}
    >
      {card.editing ? (
        <EmploymentStatusForm
          formId={formId}
          initial={profile.employmentStatus ?? ''}
          onSave={(values, setErrors) => card.save(values, setErrors)}
        />
      ) : profile.employmentStatus ? (
        <div>
          <span className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
            {employmentStatusLabels[profile.employmentStatus]}
          </span>
          <p className="mt-2 text-slate-700">
            {employmentStatusDescriptions[profile.employmentStatus]}
          </p>
        </div>
      ) : (
        <p className="text-slate-500 italic">{professionalMessages.notProvided}</p>
      )}
    </EditableCard>
  );
}

function EmploymentStatusForm({
  formId,
  initial,
  onSave,
}: {
  formId: string;
  initial: string;
  onSave: (values: Values, setErrors: (fields: Record<string, string>) => void) => void;
}) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { employmentStatus: initial as Values['employmentStatus'] },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={form.handleSubmit(() =>
        onSave(form.getValues(), (fields) => {
          if (fields.employmentStatus) {
            form.setError('employmentStatus', { message: fields.employmentStatus });
          }
        }),
      )}
    >
      <SelectField
        label="Employment Status"
        placeholder="Not provided"
        options={options}
        error={form.formState.errors.employmentStatus?.message}
        {...form.register('employmentStatus')}
      />
    </form>
  );
}
