import { Suspense, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '@web/lib/error-text';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { formatShiftHours, formatShortShiftDate } from '@shared/date-format';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import { postingTexts } from '@shared/trust/favourites-constants';
import { buttonClass } from '@web/components/ui/button';
import { useWithdrawApplication } from '../api/withdraw-application';

// Loaded and mounted only when a block's withdrawal is asked about (as on the board's Book now).
const ConfirmDialog = lazyChunk(() =>
  import('@web/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * Withdraws a pending application; a toast says whether it worked, then `onDone` moves the focus
 * (the button is gone once the lists have refreshed). An application of a whole block (one
 * professional for all dates) is withdrawn for every date together (decision record 022): a
 * dialog says so, listing the dates, before anything is withdrawn.
 */
export function WithdrawApplicationButton({
  applicationId,
  shiftName,
  block,
  onDone,
}: {
  applicationId: string;
  /** 'Hygienist shift on Tue, Dec 8', for the button's accessible name. */
  shiftName: string;
  /** The whole block's dates withdrawn with it, and its practice; none for a single date. */
  block?: {
    practiceName: string;
    dates: ReadonlyArray<{ startTime: string; endTime: string }>;
  } | null;
  onDone: () => void;
}) {
  const withdraw = useWithdrawApplication();
  const [asking, setAsking] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = block && block.dates.length > 1 ? block.dates.length : 0;
  const withdrawApplication = async () => {
    try {
      await withdraw.mutateAsync(applicationId);
      toast.success(count ? postingTexts.blockWithdrawn(count) : bookingMessages.withdrawn);
    } catch (error) {
      toast.error(errorText(error, bookingMessages.actionFailed));
    }
    setAsking(false);
    onDone();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
        disabled={withdraw.isPending}
        onClick={() => (count ? setAsking(true) : void withdrawApplication())}
        aria-label={
          count
            ? `Withdraw application for ${shiftName} and all ${count} dates of its block`
            : `Withdraw application for ${shiftName}`
        }
      >
        {withdraw.isPending ? 'Withdrawing...' : count ? `Withdraw all ${count} dates` : 'Withdraw'}
      </button>
      {asking && block ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setAsking}
            title={postingTexts.blockWithdrawTitle(count)}
            description={
              <>
                {postingTexts.blockWithdrawDescription(block.practiceName, count)}
                <ul aria-label={postingTexts.blockDates} className="mt-2 list-disc pl-5">
                  {block.dates.map((date) => (
                    <li key={date.startTime}>
                      {formatShortShiftDate(date.startTime)},{' '}
                      {formatShiftHours(date.startTime, date.endTime)}
                    </li>
                  ))}
                </ul>
              </>
            }
            cancelLabel={postingTexts.blockWithdrawKeep}
            confirmLabel={
              withdraw.isPending ? 'Withdrawing...' : postingTexts.blockWithdrawConfirm(count)
            }
            pending={withdraw.isPending}
            onConfirm={() => void withdrawApplication()}
            // Kept: back to the Withdraw button (after withdrawing, onDone moves it on).
            returnFocus={() => buttonRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
