import { Button, type ButtonVariant } from './button';

interface FormButtonsProps {
  /** The submit button's text (the caller's 'Saving...' while pending). */
  submitLabel: string;
  onCancel: () => void;
  /** Disables both buttons, while saving. */
  disabled: boolean;
  submitVariant?: ButtonVariant;
  /** The submit button's accessible name, when its text alone would be ambiguous. */
  submitAriaLabel?: string;
  /** Smaller buttons, for forms inside list items. */
  small?: boolean;
  className?: string;
}

/** A form's submit button and its Cancel button, side by side. */
export function FormButtons({
  submitLabel,
  onCancel,
  disabled,
  submitVariant = 'primary',
  submitAriaLabel,
  small = false,
  className = 'flex flex-wrap gap-2',
}: FormButtonsProps) {
  const size = small ? 'px-3 py-1.5 text-sm' : '';
  return (
    <div className={className}>
      <Button
        type="submit"
        variant={submitVariant}
        className={size}
        disabled={disabled}
        aria-label={submitAriaLabel}
      >
        {submitLabel}
      </Button>
      <Button variant="secondary" className={size} onClick={onCancel} disabled={disabled}>
        Cancel
      </Button>
    </div>
  );
}
