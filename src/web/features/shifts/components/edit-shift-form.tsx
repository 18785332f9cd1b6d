import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { centsToDollars } from '@shared/money-format';
import {
  shiftMessages,
  shiftUpdateSchemaFor,
  type shiftUpdateSchema,
  type ShiftDto,
  type ShiftUpdateInput,
} from '@shared/practice/shifts';
import { FormButtons } from '@web/components/ui/form-buttons';
import { TextField } from '@web/components/ui/form-field';
import { ApiError } from '@web/lib/api-client';
import { useUpdateShift } from '../api/update-shift';
import { formatShiftDate, toTimeInputValue } from '../shift-time';

/** The server's reason for a refused change (4xx), shown under the spec's failure toast. */
function failureDetail(error: unknown, fallback: string): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message === fallback ? undefined : error.message;
  }
  return undefined;
}

/** Inline edit of an open shift: start time, end time and rate (its own chunk, loaded on Edit). */
export default function EditShiftForm({ shift, onDone }: { shift: ShiftDto; onDone: () => void }) {
  const updateShift = useUpdateShift();
  const form = useForm<ShiftUpdateInput, unknown, z.output<typeof shiftUpdateSchema>>({
    resolver: zodResolver(shiftUpdateSchemaFor(shift.position)),
    defaultValues: {
      startTime: toTimeInputValue(shift.startTime),
      endTime: toTimeInputValue(shift.endTime),
      rate: centsToDollars(shift.rateCents),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    try {
      // The raw values: the server reads the rate in dollars.
      await updateShift.mutateAsync({ id: shift.id, input: form.getValues() });
      toast.success(shiftMessages.updated);
      onDone();
    } catch (error) {
      toast.error(shiftMessages.updateFailed, {
        description: failureDetail(error, shiftMessages.updateFailed),
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit shift on ${formatShiftDate(shift.startTime)}`}
      className="mt-3 space-y-4"
    >
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
          min={0}
          step={0.01}
          required
          error={errors.rate?.message}
          {...form.register('rate')}
        />
      </div>
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
