import { zodResolver } from '@hookform/resolvers/zod';
import { Gavel, UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  attendanceMessages,
  attendanceTexts,
  clockHoursOf,
} from '@shared/marketplace/attendance-constants';
import {
  noShowDecisionSchema,
  resolveDisputeSchema,
  timesheetClockSchema,
  type TimesheetClockInput,
} from '@shared/marketplace/attendance';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { formatShiftDate, formatShiftHours } from '@shared/date-format';
import { Button } from '@web/components/ui/button';
import { Detail } from '@web/components/ui/detail';
import { DialogButtons, DialogForm } from '@web/components/ui/dialog-form';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField } from '@web/components/ui/text-area-field';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import {
  useDecideNoShow,
  useResolveDispute,
  useTimesheetDisputes,
} from '../api/timesheet-disputes';
import { TimesheetHoursFields } from './timesheet-hours-fields';
import { TimesheetSummary } from './timesheet-summary';
import { useHoursDialogForm } from './use-hours-dialog-form';

/** The admin console's disputed timesheets: decide the hours that stand, with a recorded note. */
export function TimesheetDisputesSection() {
  const disputes = useTimesheetDisputes();
  return (
    <section aria-labelledby="timesheet-disputes-heading" className="space-y-4">
      <h1 id="timesheet-disputes-heading" tabIndex={-1} className="text-2xl font-bold text-ink">
        {attendanceTexts.disputesHeading}
      </h1>
      <QueryState
        query={disputes}
        failed={attendanceTexts.disputesLoadFailed}
        empty={{ when: (list) => list.length === 0, message: attendanceTexts.disputesEmpty }}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
            {list.map((timesheet) => (
              <DisputeItem key={timesheet.id} timesheet={timesheet} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function DisputeItem({ timesheet }: { timesheet: TimesheetDto }) {
  const [deciding, setDeciding] = useState(false);
  const [decidingNoShow, setDecidingNoShow] = useState(false);
  const titleId = `dispute-${timesheet.id}-title`;
  return (
    <li aria-labelledby={titleId} className="space-y-2 py-4">
      <h2 id={titleId} tabIndex={-1} className="font-semibold text-ink">
        {timesheet.practiceName} · {timesheet.professionalName} ·{' '}
        {formatShiftDate(timesheet.scheduledStart)}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail
          term="Scheduled"
          value={formatShiftHours(timesheet.scheduledStart, timesheet.scheduledEnd)}
        />
        <Detail term="Submitted" value={formatShiftHours(timesheet.startedAt, timesheet.endedAt)} />
        <Detail term="Break" value={`${timesheet.breakMinutes} min`} />
      </dl>
      <TimesheetSummary timesheet={timesheet} />
      {timesheet.status === 'disputed' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            className="px-3 py-1.5 text-sm"
            onClick={() => setDeciding(true)}
            aria-label={`${attendanceTexts.resolve}: ${timesheet.professionalName}, ${formatShiftDate(timesheet.scheduledStart)}`}
          >
            <Gavel className="h-4 w-4" aria-hidden="true" />
            {attendanceTexts.resolve}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onClick={() => setDecidingNoShow(true)}
            aria-label={`${attendanceTexts.decideNoShow}: ${timesheet.professionalName}, ${formatShiftDate(timesheet.scheduledStart)}`}
          >
            <UserX className="h-4 w-4" aria-hidden="true" />
            {attendanceTexts.decideNoShow}
          </Button>
        </div>
      ) : null}
      <NoShowDialog
        timesheet={timesheet}
        open={decidingNoShow}
        onOpenChange={setDecidingNoShow}
        onDone={() => focusAfterUpdate(() => document.getElementById('timesheet-disputes-heading'))}
      />
      <ResolveDialog
        timesheet={timesheet}
        open={deciding}
        onOpenChange={setDeciding}
        onDone={() =>
          focusAfterUpdate(
            () =>
              document.getElementById(titleId) ??
              document.getElementById('timesheet-disputes-heading'),
          )
        }
      />
    </li>
  );
}

type ResolveFormValues = TimesheetClockInput & { note: string };

function ResolveDialog({
  timesheet,
  open,
  onOpenChange,
  onDone,
}: {
  timesheet: TimesheetDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const resolve = useResolveDispute();
  const schema = useMemo(
    () =>
      z
        .object({ note: resolveDisputeSchema.shape.note })
        .and(timesheetClockSchema(timesheet.scheduledStart))
        .transform(({ note, ...hours }) => ({ note, hours })),
    [timesheet.scheduledStart],
  );
  const submitted = useMemo(() => {
    const clock = clockHoursOf(timesheet.startedAt, timesheet.endedAt, timesheet.breakMinutes);
    return { ...clock, breakMinutes: String(clock.breakMinutes), note: '' };
  }, [timesheet.startedAt, timesheet.endedAt, timesheet.breakMinutes]);
  const { form, close, submit } = useHoursDialogForm<ResolveFormValues, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: submitted,
    open,
    onOpenChange,
    send: (decision) => resolve.mutateAsync({ id: timesheet.id, ...decision }),
    success: attendanceMessages.resolved,
    onDone,
  });
  const pending = resolve.isPending;
  return (
    <DialogForm
      open={open}
      close={close}
      title={attendanceTexts.resolveTitle}
      description={attendanceTexts.resolveDescription}
      pending={pending}
      onSubmit={submit}
    >
      <TimesheetHoursFields
        register={form.register}
        errors={form.formState.errors}
        disabled={pending}
      />
      <DecisionNote
        field={form.register('note')}
        error={form.formState.errors.note?.message}
        pending={pending}
        submitLabel={attendanceTexts.resolveConfirm}
        onCancel={() => close(false)}
      />
    </DialogForm>
  );
}

const noShowResolver = zodResolver(noShowDecisionSchema);
const noNote = { note: '' };

/** An admin's decision that nobody worked the shift: the note is recorded, nothing is charged. */
function NoShowDialog({
  timesheet,
  open,
  onOpenChange,
  onDone,
}: {
  timesheet: TimesheetDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const decide = useDecideNoShow();
  const { form, close, submit } = useHoursDialogForm({
    resolver: noShowResolver,
    values: noNote,
    open,
    onOpenChange,
    send: ({ note }) => decide.mutateAsync({ id: timesheet.id, note }),
    success: attendanceMessages.noShowDecided,
    onDone,
  });
  const pending = decide.isPending;
  return (
    <DialogForm
      open={open}
      close={close}
      title={attendanceTexts.decideNoShowTitle}
      description={attendanceTexts.decideNoShowDescription}
      pending={pending}
      onSubmit={submit}
    >
      <DecisionNote
        field={form.register('note')}
        error={form.formState.errors.note?.message}
        pending={pending}
        submitLabel={attendanceTexts.decideNoShowConfirm}
        onCancel={() => close(false)}
      />
    </DialogForm>
  );
}

/** A staff decision's required note, recorded with it, and the dialog's buttons. */
function DecisionNote({
  field,
  error,
  pending,
  submitLabel,
  onCancel,
}: {
  field: UseFormRegisterReturn<'note'>;
  error: string | undefined;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <TextAreaField
        label={attendanceTexts.noteLabel}
        required
        maxLength={1000}
        error={error}
        disabled={pending}
        {...field}
      />
      <DialogButtons
        cancelLabel={attendanceTexts.goBack}
        submitLabel={submitLabel}
        pendingLabel={attendanceTexts.resolving}
        pending={pending}
        onCancel={onCancel}
      />
    </>
  );
}
