import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { loginErrors, passwordResetMessages } from '@shared/messages';
import {
  newPasswordSchema,
  passwordResetRequestSchema,
  type NewPasswordInput,
  type PasswordResetRequestInput,
} from '@shared/validation/password-reset';
import { AuthCard } from '@web/components/ui/auth-card';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { EmailField } from '@web/components/ui/contact-fields';
import { TextField } from '@web/components/ui/form-field';
import {
  usePasswordResetComplete,
  usePasswordResetRequest,
} from '@web/features/accounts/api/password-reset';
import { ApiError } from '@web/lib/api-client';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';

export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  if (token) return <NewPasswordForm token={token} />;
  return <RequestResetForm linkExpired={Boolean(linkError)} />;
}

function requestErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'too_many_requests') return loginErrors.tooManyRequests;
    if (error.code === 'validation_failed') return passwordResetMessages.invalidEmail;
  }
  return passwordResetMessages.fallback;
}

function RequestResetForm({ linkExpired }: { linkExpired: boolean }) {
  const request = usePasswordResetRequest();
  const form = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      form.reset({ email: '' });
    } catch {
      // shown in the banner
    }
  });
  return (
    <AuthCard
      title="Reset Your Password"
      subtitle="Enter your account e-mail and we will send you a link to choose a new password."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Reset Your Password">
        {linkExpired && !request.isSuccess ? (
          <Banner tone="error">{passwordResetMessages.linkInvalid}</Banner>
        ) : null}
        {request.isSuccess ? <Banner tone="success">{passwordResetMessages.sent}</Banner> : null}
        {request.isError ? (
          <Banner tone="error">{requestErrorMessage(request.error)}</Banner>
        ) : null}
        <EmailField required error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 underline">
            Back to Login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const complete = usePasswordResetComplete();
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await complete.mutateAsync({ ...values, token });
    } catch (error) {
      // A refused password (too common) shows under its field; anything else in the banner.
      applyServerFieldErrors(error, values, form.setError);
    }
  });
  if (complete.isSuccess) {
    return (
      <AuthCard title="Choose a New Password">
        <Banner tone="success">{passwordResetMessages.passwordChanged}</Banner>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 underline">
            Back to Login
          </Link>
        </p>
      </AuthCard>
    );
  }
  const fieldRefusal =
    complete.error instanceof ApiError && Object.keys(complete.error.fields).length > 0;
  const failure =
    complete.error instanceof ApiError && complete.error.code === 'invalid_token'
      ? passwordResetMessages.linkInvalid
      : passwordResetMessages.changeFailed;
  return (
    <AuthCard
      title="Choose a New Password"
      subtitle="Your new password must be at least 6 characters long."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose a New Password">
        {complete.isError && !fieldRefusal ? <Banner tone="error">{failure}</Banner> : null}
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={complete.isPending}>
          {complete.isPending ? 'Saving...' : 'Save New Password'}
        </Button>
        {complete.isError && failure === passwordResetMessages.linkInvalid ? (
          <p className="text-center text-sm">
            <Link to="/reset-password" className="font-medium text-brand-700 underline">
              Request a new link
            </Link>
          </p>
        ) : null}
      </form>
    </AuthCard>
  );
}
