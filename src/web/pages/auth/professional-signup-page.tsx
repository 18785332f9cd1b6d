import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  employmentStatuses,
  employmentStatusLabels,
  fallbackSignupTitle,
  isProfessionalRole,
  licenseTypes,
  signupTitleByRole,
  type ProfessionalRole,
} from '@shared/accounts';
import {
  professionalSignupSchema,
  type ProfessionalSignup,
  type ProfessionalSignupInput,
} from '@shared/validation/professional-signup';
import { useProfessionalSignup } from '@web/features/accounts/api/signup';
import { NewAccountFields } from '@web/features/accounts/components/new-account-fields';
import { signupErrorMessage } from '@web/features/accounts/signup-error-message';
import { AddressFields } from '@web/components/ui/address-fields';
import { AuthCard } from '@web/components/ui/auth-card';
import { Banner } from '@web/components/ui/banner';
import { EmailField, PhoneField } from '@web/components/ui/contact-fields';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';

export default function ProfessionalSignupPage() {
  const params = useParams();
  const state = useLocation().state as { role?: string } | null;
  const role = [params.role, state?.role].find(isProfessionalRole);
  if (!role) {
    return (
      <AuthCard title={fallbackSignupTitle}>
        <p className="text-slate-700">
          Please{' '}
          <Link to="/professional-signup" className="font-medium text-brand-700 underline">
            choose your professional role
          </Link>{' '}
          to continue.
        </p>
      </AuthCard>
    );
  }
  return <ProfessionalSignupForm key={role} role={role} />;
}

function ProfessionalSignupForm({ role }: { role: ProfessionalRole }) {
  const navigate = useNavigate();
  const signup = useProfessionalSignup();
  const form = useForm<ProfessionalSignupInput, unknown, ProfessionalSignup>({
    resolver: zodResolver(professionalSignupSchema),
    defaultValues: {
      role,
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      licenseNumber: '',
      licenseType: '',
      yearsOfExperience: '',
      employmentStatus: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const needsLicense = role !== 'front-desk';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signup.mutateAsync(values);
      navigate(result.portalPath, { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, values, form.setError, ['email']);
    }
  });

  const busy = isSubmitting || signup.isPending;
  const title = signupTitleByRole[role];
  return (
    <AuthCard title={title} subtitle="Create your professional profile to start finding shifts.">
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={title}>
        {signup.isError ? <Banner tone="error">{signupErrorMessage(signup.error)}</Banner> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <EmailField required error={errors.email?.message} {...form.register('email')} />
          <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
        </div>
        <AddressFields register={form.register} errors={errors} />
        {needsLicense ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="License Number"
              required
              error={errors.licenseNumber?.message}
              {...form.register('licenseNumber')}
            />
            {role === 'assistant' ? (
              <SelectField
                label="License Type"
                required
                placeholder="Select license type"
                options={licenseTypes.map((value) => ({ value, label: value }))}
                error={errors.licenseType?.message}
                {...form.register('licenseType')}
              />
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Years of Experience"
            type="number"
            min={0}
            max={60}
            step={1}
            inputMode="numeric"
            required
            error={errors.yearsOfExperience?.message}
            {...form.register('yearsOfExperience')}
          />
          <SelectField
            label="Employment Status"
            required
            placeholder="Select employment status"
            options={employmentStatuses.map((value) => ({
              value,
              label: employmentStatusLabels[value],
            }))}
            error={errors.employmentStatus?.message}
            {...form.register('employmentStatus')}
          />
        </div>
        <NewAccountFields
          register={form.register}
          errors={errors}
          busy={busy}
          loginPath="/professional-login"
        />
      </form>
    </AuthCard>
  );
}
