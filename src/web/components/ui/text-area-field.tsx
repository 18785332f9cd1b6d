import type { TextareaHTMLAttributes } from 'react';
import { FieldShell } from '@web/components/ui/form-field';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled multi-line field with its message underneath (a note, a reason, a comment). */
export function TextAreaField({ label, error, hint, required, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-700 disabled:bg-slate-100"
          {...textarea}
        />
      )}
    </FieldShell>
  );
}
