import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginErrors } from '@shared/messages';
import { loginSchema, type LoginAudience, type LoginInput } from '@shared/validation/login';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { EmailField } from '@web/components/ui/contact-fields';
import { TextField } from '@web/components/ui/form-field';
import { ApiError } from '@web/lib/api-client';
import { isInPortal, returnPathFrom } from '@web/lib/return-path';
import { useLogin } from '../api/login';

const knownLoginCodes = new Set(['invalid_credentials', 'too_many_requests', 'account_not_found']);

/** The spec's login error mapping. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && knownLoginCodes.has(error.code)) return error.message;
  return loginErrors.fallback;
}

export function LoginForm({
  audience,
  signupPath,
}: {
  audience: LoginAudience;
  /** Where new users sign up; the staff console has none. */
  signupPath?: string;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync({ ...values, audience });
      // Back to the page that sent them here (a portal page whose session ended, a link in an
      // e-mail) when it belongs to the portal they signed in to; otherwise their portal's home.
      const back = returnPathFrom(search);
      const fits = back !== null && isInPortal(back, result.portalPath);
      navigate(fits ? back : result.portalPath, { replace: true });
    } catch {
      // shown in the banner
    }
  });
  const busy = isSubmitting || login.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      {login.isError ? <Banner tone="error">{loginErrorMessage(login.error)}</Banner> : null}
      <EmailField required error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      {signupPath ? (
        <p className="text-center text-sm text-slate-700">
          New to ChairFill?{' '}
          <Link to={signupPath} className="font-medium text-brand-700 underline">
            Create an account
          </Link>
        </p>
      ) : null}
    </form>
  );
}
