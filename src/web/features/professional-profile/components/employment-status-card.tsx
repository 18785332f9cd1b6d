import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { employmentStatuses, employmentStatusLabels } from '@shared/accounts';
import { professionalMessages } from '@shared/professional/messages';
import { employmentStatusDescriptions, employmentStatusField } from '@shared/professional/profile';
import { SelectField } from '@web/components/ui/form-field';
import { EditableCard, type CardFormProps, type ProfileCardProps } from './editable-card';

const schema = z.object({ employmentStatus: employmentStatusField });
type Values = z.input<typeof schema>;

const options = employmentStatuses.map((value) => ({
  value,
  label: employmentStatusLabels[value],
}));

/** Employment status: a badge and the spec's description, or 'Not provided'. */
export function EmploymentStatusCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title="Employment Status"
      formId="employment-status-form"
      saveMessage={description.saveMessage}
    >
      {({ editing, form }) =>
        editing ? (
          <EmploymentStatusForm {...form} initial={profile.employmentStatus ?? ''} />
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
        )
      }
    </EditableCard>
  );
}

function EmploymentStatusForm({
  formId,
  initial,
  onSave,
}: CardFormProps<Values> & { initial: string }) {
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
