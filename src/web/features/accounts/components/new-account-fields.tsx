import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { TermsCheckbox } from './terms-checkbox';

interface Field {
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The end of both sign-up forms: password, confirmation, terms, submit and the login link. */
export function NewAccountFields(props: {
  password: Field;
  confirmPassword: Field;
  acceptTerms: Field;
  busy: boolean;
  loginPath: string;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={props.password.error}
          {...props.password.registration}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          error={props.confirmPassword.error}
          {...props.confirmPassword.registration}
        />
      </div>
      <TermsCheckbox
        registration={props.acceptTerms.registration}
        error={props.acceptTerms.error}
      />
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
