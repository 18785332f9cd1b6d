import { Link } from 'react-router';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function TermsCheckbox({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id="acceptTerms"
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'acceptTerms-error' : undefined}
          {...registration}
        />
        <label htmlFor="acceptTerms" className="text-sm text-slate-800">
          I agree to the{' '}
          <Link to="/terms" className="font-medium text-brand-700 underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>
        </label>
      </div>
      {error ? (
        <p id="acceptTerms-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
