import { Suspense, useState } from 'react';
import { attendanceMessages, attendanceTexts } from '@shared/marketplace/attendance-constants';
import type { CheckInCodeDto } from '@shared/marketplace/timesheet-replies';
import { formatShiftClock, formatShiftHours } from '@shared/date-format';
import { Button } from '@web/components/ui/button';
import { LoadFailed } from '@web/components/ui/query-state';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { lazyChunk } from '@web/lib/lazy-chunk';
import type { useCheckInCodes } from '../api/practice-attendance';
import { ReportNoShowButton } from './report-no-show-button';

// The QR code's generator loads only when a code is shown as one.
const CheckInQrCode = lazyChunk(() =>
  import('./check-in-qr-code').then((m) => ({ default: m.CheckInQrCode })),
);

/**
 * Today's booked shifts on the practice dashboard, each with the six-digit code its professional
 * checks in with (and its QR code), whether they have, and a way to report a no-show. `codes` is
 * `useCheckInCodes()` of the page showing it (the dashboard waits for it before showing its figures).
 */
export function CheckInCodesCard({ codes }: { codes: ReturnType<typeof useCheckInCodes> }) {
  if (codes.isLoadingError) {
    return (
      <LoadFailed message={attendanceTexts.codesLoadFailed} onRetry={() => void codes.refetch()} />
    );
  }
  if (!codes.data || codes.data.length === 0) return null;
  return (
    <section
      aria-labelledby="check-in-codes-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="check-in-codes-heading" tabIndex={-1} className="text-lg font-semibold text-ink">
        {attendanceTexts.codesHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{attendanceTexts.codesHint}</p>
      <ul className="mt-2 divide-y divide-slate-200">
        {codes.data.map((shift) => (
          <CheckInCodeItem key={shift.bookingId} shift={shift} />
        ))}
      </ul>
    </section>
  );
}

function CheckInCodeItem({ shift }: { shift: CheckInCodeDto }) {
  const [showQr, setShowQr] = useState(false);
  const titleId = `check-in-${shift.bookingId}-title`;
  return (
    <li aria-labelledby={titleId} className="flex flex-wrap items-start justify-between gap-4 py-3">
      <div className="space-y-1">
        <h3 id={titleId} className="font-semibold text-ink">
          {shift.professionalName}
        </h3>
        <p className="text-slate-700">
          {formatShiftHours(shift.startTime, shift.endTime)} · {shift.position} ·{' '}
          {shift.locationName}
        </p>
        <p className={shift.checkedInAt ? 'text-sm text-emerald-800' : 'text-sm text-slate-700'}>
          {shift.checkedInAt
            ? attendanceTexts.checkedInAt(formatShiftClock(shift.checkedInAt))
            : attendanceTexts.notCheckedInYet}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            aria-expanded={showQr}
            onClick={() => setShowQr((shown) => !shown)}
          >
            {showQr ? attendanceTexts.hideQr : attendanceTexts.showQr}
          </Button>
          {shift.canReportNoShow ? (
            <ReportNoShowButton
              bookingId={shift.bookingId}
              professionalName={shift.professionalName}
              onDone={() =>
                focusAfterUpdate(() => document.getElementById('check-in-codes-heading'))
              }
            />
          ) : null}
        </div>
      </div>
      <div className="flex flex-col items-center gap-2">
        <p
          className="font-mono text-3xl font-bold tracking-[0.25em] text-ink"
          aria-label={`${attendanceMessages.checkInCodeLabel} ${shift.code.split('').join(' ')}`}
        >
          {shift.code}
        </p>
        {showQr ? (
          <Suspense fallback={<div className="h-40 w-40" aria-hidden="true" />}>
            <CheckInQrCode
              code={shift.code}
              label={attendanceTexts.qrLabel(shift.professionalName, shift.code)}
            />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}
