import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  accountSecurityMessages as m,
  changePasswordSchema,
  type ChangePasswordInput,
} from '@shared/account-security';
import { loginErrors } from '@shared/messages';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { ApiError } from '@web/lib/api-client';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/** The banner for a refusal that is not about one field. */
function bannerMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (Object.keys(error.fields).length > 0) return null;
    if (error.code === 'too_many_requests') return loginErrors.tooManyRequests;
  }
  return m.changeFailed;
}

/** Current, new and confirmed password; other sessions are signed out, this one stays. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const headingId = useId();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(empty);
      toast.success(m.passwordChanged);
    } catch (error) {
      applyServerFieldErrors(error, values, form.setError);
    }
  });
  const failure = change.isError ? bannerMessage(change.error) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {m.passwordTitle}
      </h2>
      <p className="mt-1 text-slate-700">{m.passwordIntro}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        className="mt-4 max-w-md space-y-4"
      >
        {change.isSuccess ? <Banner tone="success">{m.passwordChanged}</Banner> : null}
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <TextField
          label={m.currentPasswordLabel}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label={m.newPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters. Very common passwords are not accepted."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={m.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? m.changingButton : m.changeButton}
        </Button>
      </form>
    </section>
  );
}
