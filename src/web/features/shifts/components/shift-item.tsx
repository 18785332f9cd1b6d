import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Star, Users, XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { centsToDollars } from '@shared/money';
import {
  shiftMessages,
  shiftUpdateSchema,
  type ShiftDto,
  type ShiftUpdateInput,
} from '@shared/practice/shifts';
import {
  bookingMessages,
  bookingModeLabels,
  bookingStatusLabels,
  type PracticeBookingDto,
} from '@shared/marketplace/bookings';
import { ratingMessages } from '@shared/marketplace/ratings';
import { Button } from '@web/components/ui/button';
import { actionErrorText } from '@web/features/bookings/booking-text';
import { focusAfterUpdate } from '@web/features/bookings/focus-after-update';
import { RatingDialog } from '@web/features/bookings/components/rating-dialog';
import { RatingGiven } from '@web/features/bookings/components/rating-given';
import { FormButtons } from '@web/components/ui/form-buttons';
import { TextField } from '@web/components/ui/form-field';
import { ApiError } from '@web/lib/api-client';
import { useRateProfessional } from '../api/rate-professional';
import { useUpdateShift } from '../api/update-shift';
import { breakLabel, rateLabel, statusBadgeClass, statusLabel } from '../shift-labels';
import { formatShiftDate, formatTimeRange, toTimeInputValue } from '../shift-time';
import { Detail } from '@web/components/ui/detail';
import { ApplicantsDialog } from './applicants-dialog';
import { CancelShiftDialog } from './cancel-shift-dialog';

/** The server's reason for a refused change (4xx), shown under the spec's failure toast. */
function failureDetail(error: unknown, fallback: string): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message === fallback ? undefined : error.message;
  }
  return undefined;
}

/** One shift: its details, who is booked, and the actions its status allows. */
export function ShiftItem({
  shift,
  actions = true,
  headingLevel = 3,
}: {
  shift: ShiftDto;
  actions?: boolean;
  /** The level of the shift's date heading under the list's own headings. */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [viewingApplicants, setViewingApplicants] = useState(false);
  const [rating, setRating] = useState(false);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After an action that removes the button it was started from, focus stays on this shift.
  const focusShift = () => focusAfterUpdate(() => headingRef.current);
  const canEdit = actions && shift.status === 'open';
  const canCancel = actions && (shift.status === 'open' || shift.status === 'filled');
  const reviewsApplicants = shift.status === 'open' && shift.bookingMode === 'review';
  const booking = shift.booking;
  const date = formatShiftDate(shift.startTime);

  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-4 shadow-sm ${
        shift.status === 'cancelled' ? 'border-red-200' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={titleId} ref={headingRef} tabIndex={-1} className="font-semibold text-ink">
            {date}
          </Heading>
          <p className="text-slate-700">{formatTimeRange(shift.startTime, shift.endTime)}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusBadgeClass[shift.status]}`}
        >
          {statusLabel(shift.status)}
        </span>
      </div>

      {editing ? (
        <EditShiftForm shift={shift} onDone={() => setEditing(false)} />
      ) : (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Detail term="Position" value={shift.position} />
          <Detail term="Location" value={shift.location.name} />
          <Detail term="Rate" value={rateLabel(shift.rateCents)} />
          <Detail term="Break" value={breakLabel(shift.breakTime)} />
          {shift.timePerPatient !== null ? (
            <Detail term="Time per Patient" value={`${shift.timePerPatient} minutes`} />
          ) : null}
          <Detail term="Booking" value={bookingModeLabels[shift.bookingMode]} />
          {booking ? (
            <Detail
              term="Booked"
              value={`${booking.professionalName} (${bookingStatusLabels[booking.status]})`}
              className="sm:col-span-2"
            />
          ) : null}
          {shift.notes ? (
            <Detail term="Notes" value={shift.notes} className="sm:col-span-2" />
          ) : null}
          {shift.status === 'cancelled' && shift.cancelReason ? (
            <Detail
              term="Cancellation reason"
              value={shift.cancelReason}
              className="sm:col-span-2"
            />
          ) : null}
        </dl>
      )}

      {shift.status === 'open' && shift.reach !== undefined ? (
        <p
          className={`mt-3 text-sm font-medium ${shift.reach > 0 ? 'text-emerald-800' : 'text-amber-800'}`}
        >
          {reachLabel(shift.reach)}
        </p>
      ) : null}

      {reviewsApplicants ? (
        <p className="mt-2 text-sm font-medium text-ink">
          {applicantCountLabel(shift.applicantCount)}
        </p>
      ) : null}

      {booking?.myRating ? (
        <div className="mt-3">
          <RatingGiven rating={booking.myRating} />
        </div>
      ) : null}

      {actions && !editing ? (
        <div className="mt-4 flex flex-wrap gap-2 empty:hidden">
          {reviewsApplicants ? (
            <Button
              className="px-3 py-1.5 text-sm"
              onClick={() => setViewingApplicants(true)}
              aria-label={`View applicants for shift on ${date}`}
            >
              <Users className="h-4 w-4" aria-hidden="true" />
              View applicants
            </Button>
          ) : null}
          {booking?.canRate ? (
            <Button
              className="px-3 py-1.5 text-sm"
              onClick={() => setRating(true)}
              aria-label={`Rate ${booking.professionalName} for shift on ${date}`}
            >
              <Star className="h-4 w-4" aria-hidden="true" />
              Rate professional
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm"
              onClick={() => setEditing(true)}
              aria-label={`Edit shift on ${date}`}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm text-red-800"
              onClick={() => setCancelling(true)}
              aria-label={`Cancel shift on ${date}`}
            >
              <XCircle className="h-4 w-4" aria-hidden="true" />
              Cancel Shift
            </Button>
          ) : null}
        </div>
      ) : null}

      <CancelShiftDialog
        shift={cancelling ? shift : null}
        onClose={() => setCancelling(false)}
        onCancelled={focusShift}
      />
      {/* Mounted while open, so it outlives the shift being filled by its own Accept. */}
      {actions && (reviewsApplicants || viewingApplicants) ? (
        <ApplicantsDialog
          shift={shift}
          open={viewingApplicants}
          onOpenChange={setViewingApplicants}
          onAccepted={focusShift}
        />
      ) : null}
      {booking && (booking.canRate || rating) ? (
        <RateProfessionalDialog
          shift={shift}
          booking={booking}
          open={rating}
          onOpenChange={setRating}
          onRated={focusShift}
        />
      ) : null}
    </li>
  );
}

/** '3 applicants' / '1 applicant' / 'No applicants yet'. */
function applicantCountLabel(count: number): string {
  if (count === 0) return bookingMessages.noApplicants;
  return `${count} ${count === 1 ? 'applicant' : 'applicants'}`;
}

function RateProfessionalDialog({
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
          toast.error(actionErrorText(error, bookingMessages.actionFailed));
          throw error;
        }
        toast.success(ratingMessages.saved);
        onOpenChange(false);
        onRated();
      }}
    />
  );
}

/** How many verified professionals an open shift fits now (their distance, rate and hours). */
function reachLabel(reach: number): string {
  if (reach === 0) return 'Reaches no verified professionals yet — consider the rate or the time';
  return `Reaches ${reach} verified ${reach === 1 ? 'professional' : 'professionals'}`;
}

function EditShiftForm({ shift, onDone }: { shift: ShiftDto; onDone: () => void }) {
  const updateShift = useUpdateShift();
  const form = useForm<ShiftUpdateInput, unknown, z.output<typeof shiftUpdateSchema>>({
    resolver: zodResolver(shiftUpdateSchema),
    defaultValues: {
      startTime: toTimeInputValue(shift.startTime),
      endTime: toTimeInputValue(shift.endTime),
      rate: centsToDollars(shift.rateCents),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    try {
      // The raw values: the server reads the rate in dollars.
      await updateShift.mutateAsync({ id: shift.id, input: form.getValues() });
      toast.success(shiftMessages.updated);
      onDone();
    } catch (error) {
      toast.error(shiftMessages.updateFailed, {
        description: failureDetail(error, shiftMessages.updateFailed),
      });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit shift on ${formatShiftDate(shift.startTime)}`}
      className="mt-3 space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Start Time"
          type="time"
          required
          error={errors.startTime?.message}
          {...form.register('startTime')}
        />
        <TextField
          label="End Time"
          type="time"
          required
          error={errors.endTime?.message}
          {...form.register('endTime')}
        />
        <TextField
          label="Hourly Rate ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          error={errors.rate?.message}
          {...form.register('rate')}
        />
      </div>
      <FormButtons
        submitLabel={updateShift.isPending ? 'Saving...' : 'Save'}
        onCancel={onDone}
        disabled={updateShift.isPending}
        small
        className="flex gap-2"
      />
    </form>
  );
}
