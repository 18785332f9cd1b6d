import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { attendanceTexts } from '@shared/marketplace/attendance-constants';
import type { TimesheetClockInput } from '@shared/marketplace/attendance';
import { TextField } from '@web/components/ui/form-field';

/** Start, end and break of a timesheet, as clock times on the shift's day (New Jersey time). */
export function TimesheetHoursFields({
  register,
  errors,
  disabled,
}: {
  register: UseFormRegister<TimesheetClockInput>;
  errors: FieldErrors<TimesheetClockInput>;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label={attendanceTexts.startLabel}
        type="time"
        required
        error={errors.start?.message}
        disabled={disabled}
        {...register('start')}
      />
      <TextField
        label={attendanceTexts.endLabel}
        type="time"
        required
        error={errors.end?.message}
        disabled={disabled}
        {...register('end')}
      />
      <TextField
        label={attendanceTexts.breakLabel}
        inputMode="numeric"
        required
        error={errors.breakMinutes?.message}
        disabled={disabled}
        {...register('breakMinutes')}
      />
    </div>
  );
}
