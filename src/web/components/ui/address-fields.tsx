import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from './form-field';

export type AddressField = 'address' | 'city' | 'state' | 'zipCode';

/** Form values with the four address fields (optional ones too). */
type WithAddress = FieldValues & Partial<Record<AddressField, unknown>>;

interface AddressFieldsProps<T extends WithAddress> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Which fields are marked required: all of them (`true`), none, or the ones listed. */
  required?: boolean | readonly AddressField[];
  /** The street field's label: 'Street Address' unless the form calls it otherwise. */
  streetLabel?: string;
  /** The gap of the City / State / ZIP Code row, matching the form's own spacing. */
  gap?: 'gap-4' | 'gap-5';
}

/**
 * The street, city, state and ZIP code fields of a react-hook-form form whose values have
 * `address`, `city`, `state` and `zipCode`: the street on its own line, the rest in a row of three.
 */
export function AddressFields<T extends WithAddress>({
  register,
  errors,
  required = false,
  streetLabel = 'Street Address',
  gap = 'gap-5',
}: AddressFieldsProps<T>) {
  const field = (name: AddressField) => ({
    required: typeof required === 'boolean' ? required : required.includes(name),
    error: (errors as FieldErrors<Record<AddressField, string>>)[name]?.message,
    ...register(name as Path<T>),
  });
  return (
    <>
      <TextField label={streetLabel} autoComplete="street-address" {...field('address')} />
      <div className={`grid ${gap} sm:grid-cols-3`}>
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="State" autoComplete="address-level1" {...field('state')} />
        <TextField
          label="ZIP Code"
          inputMode="numeric"
          autoComplete="postal-code"
          {...field('zipCode')}
        />
      </div>
    </>
  );
}
