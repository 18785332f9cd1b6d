import { attendanceTexts, timesheetStatusLabels } from '@shared/marketplace/attendance-constants';
import type { TimesheetDto } from '@shared/marketplace/timesheet-replies';
import { formatDuration, formatMoment } from '@shared/date-format';
import { formatMoney } from '@shared/money-format';

/** A timesheet in a line or three: status, hours, amount, and what happens next. */
export function TimesheetSummary({ timesheet }: { timesheet: TimesheetDto }) {
  return (
    <div className="space-y-1 text-sm text-slate-800">
      <p className="font-medium">
        {attendanceTexts.timesheetLine(
          timesheetStatusLabels[timesheet.status],
          formatDuration(timesheet.workedMinutes),
          formatMoney(timesheet.amountCents),
        )}
      </p>
      {timesheet.approvesAt ? (
        <p className="text-slate-700">
          {attendanceTexts.approvesAutomatically(formatMoment(timesheet.approvesAt))}
        </p>
      ) : null}
      {timesheet.disputeReason ? (
        <p className="text-slate-700">{attendanceTexts.disputedBecause(timesheet.disputeReason)}</p>
      ) : null}
      {timesheet.resolutionNote ? (
        <p className="text-slate-700">{attendanceTexts.decision(timesheet.resolutionNote)}</p>
      ) : null}
    </div>
  );
}
