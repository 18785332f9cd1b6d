import { zodResolver } from '@hookform/resolvers/zod';
import { refusalText } from '@web/lib/error-text';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { rateBoundsMessage, rateInputBounds } from '@shared/hourly-rate-bounds';
import { centsToDollars } from '@shared/money-format';
import {
  shiftMessages,
  shiftUpdateSchemaFor,
  type ShiftUpdateInput,
} from '@shared/practice/shifts';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { Button } from '@web/components/ui/button';
import { FormButtons } from '@web/components/ui/form-buttons';
import { TextField } from '@web/components/ui/form-field';
import { useUpdateShift } from '../api/update-shift';
import { formatShiftDate, toTimeInputValue } from '../shift-time';

/** The server's reason for a refused change (4xx), shown under the spec's failure toast. */
function failureDetail(error: unknown, fallback: string): string | undefined {
  const refusal = refusalText(error);
  return refusal === fallback ? undefined : refusal;
}

/**
 * Inline edit of an open shift: start time, end time and rate (its own chunk, loaded on Edit).
 * With applicants, it says first that a change withdraws their applications; a booked shift
 * shows why it cannot be changed and what to do instead (decision 014).
 */
export default function EditShiftForm({ shift, onDone }: { shift: ShiftDto; onDone: () => void }) {
  const updateShift = useUpdateShift();
  const form = useForm<
    ShiftUpdateInput,
    unknown,
    z.output<ReturnType<typeof shiftUpdateSchemaFor>>
  >({
    resolver: zodResolver(shiftUpdateSchemaFor(shift.position)),
    defaultValues: {
      startTime: toTimeInputValue(shift.startTime),
      endTime: toTimeInputValue(shift.endTime),
      rate: centsToDollars(shift.rateCents),
    },
  });
  const { errors } = form.formState;
  // Why the server refused the change (a booked shift, one no longer open), shown in the form.
  const [refusal, setRefusal] = useState<string | undefined>();
  const applicantsNoteId = useId();

  // A booked shift's terms were agreed with the professional: say what to do instead of a form.
  if (shift.status === 'filled') {
    return (
      <div className="mt-3 space-y-3">
        <p role="alert" className="text-sm font-medium text-slate-900">
          {shiftMessages.bookedNotEditable}
        </p>
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async () => {
    setRefusal(undefined);
    try {
      // The raw values: the server reads the rate in dollars.
      await updateShift.mutateAsync({ id: shift.id, input: form.getValues() });
      toast.success(shiftMessages.updated);
      onDone();
    } catch (error) {
      const detail = failureDetail(error, shiftMessages.updateFailed);
      setRefusal(detail);
      toast.error(shiftMessages.updateFailed, { description: detail });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit shift on ${formatShiftDate(shift.startTime)}`}
      aria-describedby={shift.applicantCount > 0 ? applicantsNoteId : undefined}
      className="mt-3 space-y-4"
    >
      {shift.applicantCount > 0 ? (
        <p
          id={applicantsNoteId}
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {shiftMessages.applicantsWithdrawnOnChange(shift.applicantCount)}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Start Time"
          type="time"
          required
          error={errors.startTime?.message}
          {...form.register('startTime')}
        />
        <TextField
          label="End Time"
          type="time"
          required
          error={errors.endTime?.message}
          {...form.register('endTime')}
        />
        <TextField
          label="Hourly Rate ($)"
          type="number"
          inputMode="decimal"
          {...rateInputBounds(shift.position)}
          step={0.01}
          required
          hint={rateBoundsMessage(shift.position)}
          error={errors.rate?.message}
          {...form.register('rate')}
        />
      </div>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {refusal}
        </p>
      ) : null}
      <FormButtons
        submitLabel={updateShift.isPending ? 'Saving...' : 'Save'}
        onCancel={onDone}
        disabled={updateShift.isPending}
        small
        className="flex gap-2"
      />
    </form>
  );
}
