import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows the server's per-field messages under the form's fields (the server repeats every rule).
 * Fields listed in `skip` are left to the banner.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  values: T,
  setError: UseFormSetError<T>,
  skip: string[] = [],
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) {
    if (field in values && !skip.includes(field)) setError(field as Path<T>, { message });
  }
}
