import type { ComponentProps } from 'react';
import { TextField } from './form-field';

type ContactFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & {
  label?: string;
};

/** An email input labelled 'Email' (unless told otherwise), autofilled with the user's email. */
export function EmailField({ label = 'Email', ...props }: ContactFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" {...props} />;
}

/** A telephone input labelled 'Phone' (unless told otherwise), autofilled with a phone number. */
export function PhoneField({ label = 'Phone', ...props }: ContactFieldProps) {
  return <TextField label={label} type="tel" autoComplete="tel" {...props} />;
}
