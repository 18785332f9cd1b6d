import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { centsToDollars } from '@shared/money';
import {
  shiftMessages,
  shiftUpdateSchema,
  type ShiftDto,
  type ShiftUpdateInput,
} from '@shared/practice/shifts';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormButtons } from '@web/components/ui/form-buttons';
import { TextField } from '@web/components/ui/form-field';
import { ApiError } from '@web/lib/api-client';
import { useCancelShift } from '../api/cancel-shift';
import { useUpdateShift } from '../api/update-shift';
import { breakLabel, rateLabel, statusBadgeClass, statusLabel } from '../shift-labels';
import { formatShiftDate, formatTimeRange, toTimeInputValue } from '../shift-time';
import { Detail } from '@web/components/ui/detail';

/** The server's reason for a refused change (4xx), shown under the spec's failure toast. */
function failureDetail(error: unknown, fallback: string): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message === fallback ? undefined : error.message;
  }
  return undefined;
}

/** One shift: its details, and for an open shift inline edit (start, end, rate) and cancel. */
export function ShiftItem({
  shift,
  actions = true,
  headingLevel = 3,
}: {
  shift: ShiftDto;
  actions?: boolean;
  /** The level of the shift's date heading under the list's own headings. */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancelShift = useCancelShift();
  const titleId = useId();
  const canChange = actions && shift.status === 'open';
  const date = formatShiftDate(shift.startTime);

  const confirmCancel = () => {
    cancelShift.mutate(shift.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(shiftMessages.cancelled);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(shiftMessages.cancelFailed, {
          description: failureDetail(error, shiftMessages.cancelFailed),
        });
      },
    });
  };

  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-4 shadow-sm ${
        shift.status === 'cancelled' ? 'border-red-200' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={titleId} className="font-semibold text-ink">
            {date}
          </Heading>
          <p className="text-slate-700">{formatTimeRange(shift.startTime, shift.endTime)}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusBadgeClass[shift.status]}`}
        >
          {statusLabel(shift.status)}
        </span>
      </div>

      {editing ? (
        <EditShiftForm shift={shift} onDone={() => setEditing(false)} />
      ) : (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Detail term="Position" value={shift.position} />
          <Detail term="Location" value={shift.location.name} />
          <Detail term="Rate" value={rateLabel(shift.rateCents)} />
          <Detail term="Break" value={breakLabel(shift.breakTime)} />
          {shift.timePerPatient !== null ? (
            <Detail term="Time per Patient" value={`${shift.timePerPatient} minutes`} />
          ) : null}
          {shift.notes ? (
            <Detail term="Notes" value={shift.notes} className="sm:col-span-2" />
          ) : null}
        </dl>
      )}

      {shift.status === 'open' && shift.reach !== undefined ? (
        <p
          className={`mt-3 text-sm font-medium ${shift.reach > 0 ? 'text-emerald-800' : 'text-amber-800'}`}
        >
          {reachLabel(shift.reach)}
        </p>
      ) : null}

      {canChange && !editing ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onClick={() => setEditing(true)}
            aria-label={`Edit shift on ${date}`}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm text-red-800"
            onClick={() => setConfirming(true)}
            aria-label={`Cancel shift on ${date}`}
          >
            <XCircle className="h-4 w-4" aria-hidden="true" />
            Cancel Shift
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this shift?"
        description={`${shift.position} at ${shift.location.name} on ${date}, ${formatTimeRange(
          shift.startTime,
          shift.endTime,
        )}.`}
        cancelLabel="Keep Shift"
        confirmLabel={cancelShift.isPending ? 'Cancelling...' : 'Yes, Cancel Shift'}
        pending={cancelShift.isPending}
        onConfirm={confirmCancel}
      />
    </li>
  );
}

/** How many verified professionals an open shift fits now (their distance, rate and hours). */
function reachLabel(reach: number): string {
  if (reach === 0) return 'Reaches no verified professionals yet — consider the rate or the time';
  return `Reaches ${reach} verified ${reach === 1 ? 'professional' : 'professionals'}`;
}

function EditShiftForm({ shift, onDone }: { shift: ShiftDto; onDone: () => void }) {
  const updateShift = useUpdateShift();
  const form = useForm<ShiftUpdateInput, unknown, z.output<typeof shiftUpdateSchema>>({
    resolver: zodResolver(shiftUpdateSchema),
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
