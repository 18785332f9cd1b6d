import { payThroughLabels } from '@shared/money/pay-terms-constants';
import { CircleHelp, Megaphone, Pencil, Star, UserPlus, Users, XCircle } from 'lucide-react';
import { memo, Suspense, useId, useRef, useState } from 'react';
import { lazyChunk } from '@web/lib/lazy-chunk';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { reachTexts } from '@shared/practice/reach-texts';
import type { BoostKind } from '@shared/fill/boost-constants';
import { boostTexts } from '@shared/fill/boost-texts';
import { whyNotTexts } from '@shared/fill/why-not-texts';
import { requirementLabel, requirementTexts } from '@shared/trust/requirements-constants';
import { invitationTexts, postingTexts } from '@shared/trust/favourites-constants';
import {
  bookingMessages,
  bookingModeLabels,
  bookingStatusLabels,
} from '@shared/marketplace/booking-constants';
import { contactDetails, formatShiftAddress } from '@shared/address-format';
import { formatHourlyRate } from '@shared/money-format';
import { Button } from '@web/components/ui/button';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { BlockButton } from '@web/features/bookings/components/block-button';
import { MessageLink } from '@web/features/bookings/components/message-link';
import { RatingGiven } from '@web/features/bookings/components/rating-given';
import { breakLabel, statusBadgeClass, statusLabel } from '../shift-labels';
import { formatShiftDate, formatTimeRange } from '../shift-time';
import { Detail } from '@web/components/ui/detail';

// The edit form and the dialogs are loaded and mounted only when opened: a list of hundreds of
// shifts renders just their details, and the first load carries no form library or schemas.
const EditShiftForm = lazyChunk(() => import('./edit-shift-form'));
const InviteDialog = lazyChunk(() =>
  import('@web/features/bookings/components/invite-dialog').then((m) => ({
    default: m.InviteDialog,
  })),
);
const CancelShiftDialog = lazyChunk(() =>
  import('./cancel-shift-dialog').then((m) => ({ default: m.CancelShiftDialog })),
);
const ApplicantsDialog = lazyChunk(() =>
  import('./applicants-dialog').then((m) => ({ default: m.ApplicantsDialog })),
);
const WhyNotPanel = lazyChunk(() => import('./why-not-panel'));
const BoostDialog = lazyChunk(() => import('@web/features/fill/components/boost-dialog'));
const RateProfessionalDialog = lazyChunk(() =>
  import('./rate-professional-dialog').then((m) => ({ default: m.RateProfessionalDialog })),
);

/**
 * One shift: its details, who is booked, and the actions its status allows. Memoised: a list that
 * renders again (a page added, a refetch that changed other shifts) renders only the shifts that
 * changed (the query keeps an unchanged shift's object).
 */
export const ShiftItem = memo(function ShiftItem({
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
  // When the list was shown: whether a booked shift has started yet.
  const [shownAt] = useState(() => Date.now());
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After an action that removes the button it was started from, focus stays on this shift.
  const focusShift = () => focusAfterUpdate(() => headingRef.current);
  // A booked shift's Edit explains why its terms cannot change (edit-shift-form).
  const canEdit = actions && (shift.status === 'open' || shift.status === 'filled');
  // A booked shift that has started is decided by its timesheet or a no-show, not cancelled.
  const canCancel =
    actions &&
    (shift.status === 'open' ||
      (shift.status === 'filled' && Date.parse(shift.startTime) > shownAt));
  // Instant shifts limited to favourites or a rating take applications from everyone else.
  const reviewsApplicants =
    shift.status === 'open' &&
    (shift.bookingMode === 'review' || shift.offer.instantBookFor !== 'everyone');
  const canInvite = actions && shift.status === 'open';
  // "Why isn't this filling?": an open shift that has not started.
  const canExplain = actions && shift.status === 'open' && Date.parse(shift.startTime) > shownAt;
  const [explaining, setExplaining] = useState(false);
  // Boost (issue 42, slice 8): an open shift that has not started; the dialog's first choice.
  const canBoost = canExplain;
  const [boosting, setBoosting] = useState<{ kind?: BoostKind } | null>(null);
  const boostRef = useRef<HTMLButtonElement>(null);
  const whyNotId = useId();
  const [inviting, setInviting] = useState(false);
  const offerLines = postingTexts.offerSummary(shift.offer);
  const booking = shift.booking;
  const date = formatShiftDate(shift.startTime);

  // A shift off screen is laid out only when it comes near the viewport (content-visibility):
  // a busy practice's list of many shifts otherwise spent most of its first render on layout.
  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-4 shadow-sm [contain-intrinsic-size:auto_16rem] [content-visibility:auto] ${
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
        <Suspense fallback={<p className="mt-3 text-sm text-slate-700">Loading…</p>}>
          <EditShiftForm shift={shift} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Detail term="Position" value={shift.position} />
          <Detail term="Location" value={formatShiftAddress(shift.location, shift.practiceName)} />
          <Detail term="Rate" value={formatHourlyRate(shift.rateCents)} />
          <Detail term="Break" value={breakLabel(shift.breakTime)} />
          {shift.timePerPatient !== null ? (
            <Detail term="Time per Patient" value={`${shift.timePerPatient} minutes`} />
          ) : null}
          <Detail term="Booking" value={bookingModeLabels[shift.bookingMode]} />
          <Detail term="Paid" value={payThroughLabels[shift.payThrough]} />
          {offerLines.length > 0 ? (
            <Detail
              term={postingTexts.offerTerm}
              value={offerLines.join(' · ')}
              className="sm:col-span-2"
            />
          ) : null}
          {booking ? (
            <Detail
              term="Booked"
              value={`${booking.professionalName} (${bookingStatusLabels[booking.status]})`}
              className="sm:col-span-2"
            />
          ) : null}
          {booking
            ? contactDetails({ pointOfContact: '', phone: booking.professionalPhone }).map(
                ([term, value]) => <Detail key={term} term={term} value={value} />,
              )
            : null}
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
          {reachTexts.counted(shift.reach, shift.requirements.length > 0)}
        </p>
      ) : shift.status === 'open' && shift.reachPending ? (
        <p className="mt-3 text-sm text-slate-700">{reachTexts.pending}</p>
      ) : null}

      {shift.requirements.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium text-ink">{requirementTexts.listLabel}:</span>{' '}
          {shift.requirements.map(requirementLabel).join(', ')}
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
          {canInvite ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm"
              onClick={() => setInviting(true)}
              aria-label={`${invitationTexts.invite} a professional to shift on ${date}`}
            >
              <UserPlus className="h-4 w-4" aria-hidden="true" />
              {invitationTexts.invite}
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
          {booking ? (
            <MessageLink
              side="practice"
              shiftId={shift.id}
              professionalId={booking.professionalId}
              name={booking.professionalName}
            />
          ) : null}
          {booking ? (
            <BlockButton
              side="practice"
              id={booking.professionalId}
              name={booking.professionalName}
            />
          ) : null}
          {canExplain ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm"
              onClick={() => setExplaining((open) => !open)}
              aria-expanded={explaining}
              aria-controls={explaining ? whyNotId : undefined}
              aria-label={whyNotTexts.openLabel(date)}
            >
              <CircleHelp className="h-4 w-4" aria-hidden="true" />
              {whyNotTexts.open}
            </Button>
          ) : null}
          {canBoost ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm"
              ref={boostRef}
              onClick={() => setBoosting({})}
              aria-label={boostTexts.openLabel(date)}
            >
              <Megaphone className="h-4 w-4" aria-hidden="true" />
              {boostTexts.open}
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

      {canExplain && explaining && !editing ? (
        <Suspense fallback={<p className="mt-3 text-sm text-slate-700">Loading…</p>}>
          <WhyNotPanel
            id={whyNotId}
            shiftId={shift.id}
            position={shift.position}
            date={date}
            headingLevel={headingLevel === 4 ? 5 : 4}
            onEdit={
              canEdit
                ? () => {
                    setExplaining(false);
                    setEditing(true);
                  }
                : undefined
            }
            onWiden={canBoost ? () => setBoosting({ kind: 'widen' }) : undefined}
          />
        </Suspense>
      ) : null}

      <Suspense fallback={null}>
        {cancelling ? (
          <CancelShiftDialog
            shift={shift}
            onClose={() => setCancelling(false)}
            onCancelled={focusShift}
          />
        ) : null}
        {/* Mounted while open, so it outlives the shift being filled by its own Accept. */}
        {actions && viewingApplicants ? (
          <ApplicantsDialog
            shift={shift}
            open
            onOpenChange={setViewingApplicants}
            onAccepted={focusShift}
          />
        ) : null}
        {inviting ? <InviteDialog shift={shift} open onOpenChange={setInviting} /> : null}
        {boosting ? (
          <BoostDialog
            shift={shift}
            open
            initialKind={boosting.kind}
            onOpenChange={(open) => {
              if (open) return;
              // The dialog is unmounted on closing: focus goes back to this shift's Boost.
              setBoosting(null);
              focusAfterUpdate(() => boostRef.current);
            }}
          />
        ) : null}
        {booking && rating ? (
          <RateProfessionalDialog
            shift={shift}
            booking={booking}
            open
            onOpenChange={setRating}
            onRated={focusShift}
          />
        ) : null}
      </Suspense>
    </li>
  );
});

/** '3 applicants' / '1 applicant' / 'No applicants yet'. */
function applicantCountLabel(count: number): string {
  if (count === 0) return bookingMessages.noApplicants;
  return `${count} ${count === 1 ? 'applicant' : 'applicants'}`;
}
