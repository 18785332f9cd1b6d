import { Check, Flag } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { attendanceMessages, attendanceTexts } from '@shared/marketplace/attendance-constants';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { formatShiftDate, formatShiftHours } from '@shared/date-format';
import { formatHourlyRate } from '@shared/money-format';
import { Button } from '@web/components/ui/button';
import { Detail } from '@web/components/ui/detail';
import { QueryState } from '@web/components/ui/query-state';
import { ReasonDialog } from '@web/features/bookings/components/reason-dialog';
import { DialogFailure } from '@web/components/ui/dialog-form';
import { errorText } from '@web/lib/error-text';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import {
  useApproveTimesheet,
  useDisputeTimesheet,
  usePracticeTimesheets,
} from '../api/practice-attendance';
import { ReportNoShowButton } from './report-no-show-button';
import { TimesheetSummary } from './timesheet-summary';

/** The practice's timesheets: approve or dispute those waiting (48 hours), see the rest. */
export default function PracticeTimesheets() {
  const timesheets = usePracticeTimesheets();
  return (
    <QueryState
      query={timesheets}
      failed={attendanceTexts.timesheetsLoadFailed}
      empty={{ when: (list) => list.length === 0, message: attendanceTexts.timesheetsEmpty }}
    >
      {(list) => (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
          {list.map((timesheet) => (
            <PracticeTimesheetItem key={timesheet.id} timesheet={timesheet} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function PracticeTimesheetItem({ timesheet }: { timesheet: TimesheetDto }) {
  const [disputing, setDisputing] = useState(false);
  const approve = useApproveTimesheet();
  const dispute = useDisputeTimesheet();
  const titleId = `timesheet-${timesheet.id}-title`;
  const named = `${timesheet.professionalName}, ${formatShiftDate(timesheet.scheduledStart)}`;
  const focusItem = () =>
    focusAfterUpdate(
      () => document.getElementById(titleId) ?? document.getElementById('timesheets-heading'),
    );
  const waiting = timesheet.status === 'submitted';
  return (
    <li aria-labelledby={titleId} className="space-y-2 py-4">
      <h2 id={titleId} tabIndex={-1} className="font-semibold text-ink">
        {timesheet.professionalName} · {formatShiftDate(timesheet.scheduledStart)}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Position" value={timesheet.position} />
        <Detail
          term="Scheduled"
          value={formatShiftHours(timesheet.scheduledStart, timesheet.scheduledEnd)}
        />
        <Detail term="Worked" value={formatShiftHours(timesheet.startedAt, timesheet.endedAt)} />
        <Detail term="Break" value={`${timesheet.breakMinutes} min`} />
        <Detail term="Rate" value={formatHourlyRate(timesheet.rateCents)} />
      </dl>
      <TimesheetSummary timesheet={timesheet} />
      {waiting ? (
        <div className="flex flex-wrap gap-2">
          <Button
            className="px-3 py-1.5 text-sm"
            disabled={approve.isPending}
            aria-label={`${attendanceTexts.approve}: ${named}`}
            onClick={async () => {
              try {
                await approve.mutateAsync(timesheet.id);
                toast.success(attendanceMessages.approved);
              } catch (error) {
                toast.error(errorText(error, attendanceTexts.actionFailed));
              }
              focusItem();
            }}
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            {approve.isPending ? attendanceTexts.approving : attendanceTexts.approve}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm text-red-800"
            aria-label={`${attendanceTexts.dispute}: ${named}`}
            onClick={() => setDisputing(true)}
          >
            <Flag className="h-4 w-4" aria-hidden="true" />
            {attendanceTexts.dispute}
          </Button>
        </div>
      ) : null}
      {timesheet.canReportNoShow ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            {attendanceTexts.scheduledTimesheetNoShow(timesheet.professionalName)}
          </p>
          <ReportNoShowButton
            bookingId={timesheet.bookingId}
            professionalName={timesheet.professionalName}
            onDone={() => focusAfterUpdate(() => document.getElementById('timesheets-heading'))}
          />
        </div>
      ) : null}
      <ReasonDialog
        open={disputing}
        onOpenChange={setDisputing}
        title={attendanceTexts.disputeTitle}
        description={attendanceTexts.disputeDescription}
        reasonRequired
        reasonLabel={attendanceTexts.disputeReasonLabel}
        cancelLabel={attendanceTexts.goBack}
        confirmLabel={attendanceTexts.disputeConfirm}
        pendingLabel={attendanceTexts.disputing}
        pending={dispute.isPending}
        onConfirm={async (reason) => {
          try {
            await dispute.mutateAsync({ id: timesheet.id, reason });
          } catch (error) {
            throw new DialogFailure(errorText(error, attendanceTexts.actionFailed));
          }
          toast.success(attendanceMessages.disputed);
          setDisputing(false);
          focusItem();
        }}
      />
    </li>
  );
}
