import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '@shared/validation/login';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { useAdminLogin } from '../api/admin-login';
import { loginErrorMessage } from './login-form';

/** The staff console's sign-in (/admin/login): admin accounts only, no sign-up link. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      navigate(result.portalPath, { replace: true });
    } catch {
      // shown in the banner
    }
  });
  const busy = isSubmitting || login.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      {login.isError ? <Banner tone="error">{loginErrorMessage(login.error)}</Banner> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
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
    </form>
  );
}
