import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import {
  attendanceMessages,
  attendanceTexts,
  clockHoursOf,
} from '@shared/marketplace/attendance-constants';
import {
  timesheetClockSchema,
  type TimesheetClockInput,
  type TimesheetHoursInput,
} from '@shared/marketplace/attendance';
import type { BookingAttendanceDto } from '@shared/marketplace/timesheet-replies';
import { DialogButtons, DialogForm } from '@web/components/ui/dialog-form';
import { useSubmitTimesheet } from '../api/professional-attendance';
import { TimesheetHoursFields } from './timesheet-hours-fields';
import { useHoursDialogForm } from './use-hours-dialog-form';

/** Check-out: the hours worked, proposed from the schedule, sent for the practice to approve. */
export function CheckOutDialog({
  attendance,
  open,
  onOpenChange,
  onDone,
}: {
  attendance: BookingAttendanceDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const submitTimesheet = useSubmitTimesheet();
  const proposed = useMemo(() => {
    // The scheduled start, or the check-in when it came later (a timesheet may not start
    // before it: issue 41).
    const checkedIn = attendance.checkedInAt;
    const start =
      checkedIn && Date.parse(checkedIn) > Date.parse(attendance.shiftStart)
        ? checkedIn
        : attendance.shiftStart;
    const clock = clockHoursOf(start, attendance.shiftEnd, attendance.scheduledBreakMinutes);
    return { ...clock, breakMinutes: String(clock.breakMinutes) };
  }, [
    attendance.checkedInAt,
    attendance.shiftStart,
    attendance.shiftEnd,
    attendance.scheduledBreakMinutes,
  ]);
  const { form, close, submit } = useHoursDialogForm<TimesheetClockInput, TimesheetHoursInput>({
    resolver: zodResolver(timesheetClockSchema(attendance.shiftStart)),
    values: proposed,
    open,
    onOpenChange,
    send: (hours) => submitTimesheet.mutateAsync({ bookingId: attendance.bookingId, ...hours }),
    success: attendanceMessages.timesheetSubmitted,
    onDone,
  });
  const pending = submitTimesheet.isPending;
  return (
    <DialogForm
      open={open}
      close={close}
      title={attendanceTexts.checkOutTitle}
      description={attendanceTexts.checkOutDescription}
      pending={pending}
      onSubmit={submit}
    >
      <TimesheetHoursFields
        register={form.register}
        errors={form.formState.errors}
        disabled={pending}
      />
      <DialogButtons
        cancelLabel={attendanceTexts.goBack}
        submitLabel={attendanceTexts.submit}
        pendingLabel={attendanceTexts.submitting}
        pending={pending}
        onCancel={() => close(false)}
      />
    </DialogForm>
  );
}
