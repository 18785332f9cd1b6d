import { toast } from 'sonner';
import { errorText } from '@web/lib/error-text';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import type { PracticeBookingDto } from '@shared/marketplace/booking-replies';
import { ratingMessages } from '@shared/marketplace/ratings';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { RatingDialog } from '@web/features/bookings/components/rating-dialog';
import { useRateProfessional } from '../api/rate-professional';
import { formatShiftDate, formatTimeRange } from '../shift-time';

/** The practice rates the professional who worked its shift (its own chunk, loaded when opened). */
export function RateProfessionalDialog({
  shift,
  booking,
  open,
  onOpenChange,
  onRated,
}: {
  shift: ShiftDto;
  booking: PracticeBookingDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRated: () => void;
}) {
  const rate = useRateProfessional();
  return (
    <RatingDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Rate ${booking.professionalName}`}
      description={`${shift.position} on ${formatShiftDate(shift.startTime)}, ${formatTimeRange(
        shift.startTime,
        shift.endTime,
      )}. ${booking.professionalName} sees your rating in their average.`}
      pending={rate.isPending}
      onSubmit={async (rating) => {
        try {
          await rate.mutateAsync({ shiftId: shift.id, rating });
        } catch (error) {
          toast.error(errorText(error, bookingMessages.actionFailed));
          throw error;
        }
        toast.success(ratingMessages.saved);
        onOpenChange(false);
        onRated();
      }}
    />
  );
}
