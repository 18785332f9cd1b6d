import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { centsToDollars, formatHourlyRate } from '@shared/money-format';
import { professionalMessages } from '@shared/professional/messages';
import { minimumRateFieldFor } from '@shared/professional/profile';
import type { ProfessionalRole } from '@shared/accounts';
import { TextField } from '@web/components/ui/form-field';
import { EditableCard, type CardFormProps, type ProfileCardProps } from './editable-card';

function rateSchema(role: ProfessionalRole) {
  return z.object({ minimumRate: minimumRateFieldFor(role) });
}
type Values = z.input<ReturnType<typeof rateSchema>>;

/** Minimum hourly rate (min 0, step 0.01), shown '$X/hr'. */
export function RatePreferenceCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title="Rate Preference"
      formId="rate-preference-form"
      saveMessage={description.saveMessage}
    >
      {({ editing, form }) =>
        editing ? (
          <RateForm
            {...form}
            role={profile.role}
            initial={
              profile.minimumRateCents === null ? '' : centsToDollars(profile.minimumRateCents)
            }
          />
        ) : (
          <dl>
            <dt className="text-sm font-medium text-slate-600">Minimum Hourly Rate</dt>
            <dd
              className={
                profile.minimumRateCents === null
                  ? 'text-slate-500 italic'
                  : 'text-2xl font-bold text-ink'
              }
            >
              {profile.minimumRateCents === null
                ? professionalMessages.notProvided
                : formatHourlyRate(profile.minimumRateCents)}
            </dd>
          </dl>
        )
      }
    </EditableCard>
  );
}

function RateForm({
  formId,
  initial,
  role,
  onSave,
}: CardFormProps<Values> & { initial: string; role: ProfessionalRole }) {
  const form = useForm<Values, unknown, z.output<ReturnType<typeof rateSchema>>>({
    resolver: zodResolver(rateSchema(role)),
    defaultValues: { minimumRate: initial },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={form.handleSubmit(() =>
        onSave(form.getValues(), (fields) => {
          if (fields.minimumRate) form.setError('minimumRate', { message: fields.minimumRate });
        }),
      )}
    >
      <TextField
        label="Minimum Hourly Rate ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        error={form.formState.errors.minimumRate?.message}
        {...form.register('minimumRate')}
      />
    </form>
  );
}
