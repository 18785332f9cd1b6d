import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  practiceSignupSchema,
  type PracticeSignup,
  type PracticeSignupInput,
} from '@shared/validation/practice-signup';
import { usePracticeSignup } from '@web/features/accounts/api/signup';
import { NewAccountFields } from '@web/features/accounts/components/new-account-fields';
import { signupErrorMessage } from '@web/features/accounts/signup-error-message';
import { AddressFields } from '@web/components/ui/address-fields';
import { AuthCard } from '@web/components/ui/auth-card';
import { Banner } from '@web/components/ui/banner';
import { EmailField, PhoneField } from '@web/components/ui/contact-fields';
import { TextField } from '@web/components/ui/form-field';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';

export default function PracticeSignupPage() {
  const navigate = useNavigate();
  const signup = usePracticeSignup();
  const form = useForm<PracticeSignupInput, unknown, PracticeSignup>({
    resolver: zodResolver(practiceSignupSchema),
    defaultValues: {
      practiceName: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      password: '',
      confirmPassword: '',
      pointOfContact: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signup.mutateAsync(values);
      navigate(result.portalPath, { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, values, form.setError, ['email']);
    }
  });

  const busy = isSubmitting || signup.isPending;
  return (
    <AuthCard
      title="Create Your Dental Office Account"
      subtitle="Join ChairFill to find qualified dental professionals"
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label="Create Your Dental Office Account"
      >
        {signup.isError ? <Banner tone="error">{signupErrorMessage(signup.error)}</Banner> : null}
        <TextField
          label="Practice Name"
          autoComplete="organization"
          required
          error={errors.practiceName?.message}
          {...form.register('practiceName')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField required error={errors.email?.message} {...form.register('email')} />
          <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
        </div>
        <TextField
          label="Point of Contact"
          autoComplete="name"
          required
          error={errors.pointOfContact?.message}
          {...form.register('pointOfContact')}
        />
        <AddressFields register={form.register} errors={errors} required />
        <NewAccountFields register={form.register} errors={errors} busy={busy} loginPath="/login" />
      </form>
    </AuthCard>
  );
}
