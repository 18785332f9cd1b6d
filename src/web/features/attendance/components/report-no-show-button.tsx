import { UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { attendanceMessages, attendanceTexts } from '@shared/marketplace/attendance-constants';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorText } from '@web/lib/error-text';
import { useReportNoShow } from '../api/practice-attendance';

/**
 * "Report no-show" and its confirmation, for a booking nobody checked in for: on the day's
 * check-in codes, and on ChairFill's undecided scheduled timesheet. `onDone` puts the focus
 * somewhere that stays once the list has changed.
 */
export function ReportNoShowButton({
  bookingId,
  professionalName,
  onDone,
}: {
  bookingId: string;
  professionalName: string;
  onDone: () => void;
}) {
  const [reporting, setReporting] = useState(false);
  const noShow = useReportNoShow();
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm text-red-800"
        onClick={() => setReporting(true)}
        aria-label={`${attendanceTexts.reportNoShow}: ${professionalName}`}
      >
        <UserX className="h-4 w-4" aria-hidden="true" />
        {attendanceTexts.reportNoShow}
      </Button>
      <ConfirmDialog
        open={reporting}
        onOpenChange={setReporting}
        title={attendanceTexts.noShowTitle}
        description={attendanceTexts.noShowDescription(professionalName)}
        confirmLabel={noShow.isPending ? attendanceTexts.reporting : attendanceTexts.noShowConfirm}
        cancelLabel={attendanceTexts.goBack}
        pending={noShow.isPending}
        onConfirm={async () => {
          try {
            await noShow.mutateAsync(bookingId);
            toast.success(attendanceMessages.noShowReported);
          } catch (error) {
            toast.error(errorText(error, attendanceTexts.actionFailed));
          }
          setReporting(false);
          onDone();
        }}
      />
    </>
  );
}
