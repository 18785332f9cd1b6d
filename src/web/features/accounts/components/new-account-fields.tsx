import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { TermsCheckbox } from './terms-checkbox';

/** The fields both sign-up forms end with. */
export interface NewAccountValues {
  password: string;
  confirmPassword: string;
  acceptTerms: true;
}

/** The end of both sign-up forms: password, confirmation, terms, submit and the login link. */
export function NewAccountFields(props: {
  register: UseFormRegister<NewAccountValues>;
  errors: FieldErrors<NewAccountValues>;
  busy: boolean;
  loginPath: string;
}) {
  const { register, errors } = props;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <TermsCheckbox registration={register('acceptTerms')} error={errors.acceptTerms?.message} />
      <Button type="submit" className="w-full" disabled={props.busy}>
        {props.busy ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={props.loginPath} className="font-medium text-brand-700 underline">
          Log in
        </Link>
      </p>
    </>
  );
}
