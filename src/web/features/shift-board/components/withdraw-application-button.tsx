import { toast } from 'sonner';
import { errorText } from '@web/lib/error-text';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import { Button } from '@web/components/ui/button';
import { useWithdrawApplication } from '../api/withdraw-application';

/**
 * Withdraws a pending application; a toast says whether it worked, then `onDone` moves the focus
 * (the button is gone once the lists have refreshed).
 */
export function WithdrawApplicationButton({
  applicationId,
  shiftName,
  onDone,
}: {
  applicationId: string;
  /** 'Hygienist shift on Tue, Dec 8', for the button's accessible name. */
  shiftName: string;
  onDone: () => void;
}) {
  const withdraw = useWithdrawApplication();
  const withdrawApplication = async () => {
    try {
      await withdraw.mutateAsync(applicationId);
      toast.success(bookingMessages.withdrawn);
    } catch (error) {
      toast.error(errorText(error, bookingMessages.actionFailed));
    }
    onDone();
  };
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5 text-sm"
      disabled={withdraw.isPending}
      onClick={() => void withdrawApplication()}
      aria-label={`Withdraw application for ${shiftName}`}
    >
      {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
    </Button>
  );
}
