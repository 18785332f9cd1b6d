import { MessageLink } from '@web/features/bookings/components/message-link';
import { ExternalLink, UserRound } from 'lucide-react';
import { errorText } from '@web/lib/error-text';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { bookingMessages } from '@shared/marketplace/booking-constants';
import type { ApplicantDto } from '@shared/marketplace/booking-replies';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { reliabilityTexts } from '@shared/trust/reliability-constants';
import { postingTexts } from '@shared/trust/favourites-constants';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Detail } from '@web/components/ui/detail';
import { ratingSummaryText, shiftDateText, yearsText } from '@web/features/bookings/booking-text';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { ApplicationStatusBadge } from '@web/features/bookings/components/status-badge';
import { useApplicants } from '../api/applicants';
import { useAcceptApplication, useDeclineApplication } from '../api/decide-application';
import { formatShiftDate, formatTimeRange } from '../shift-time';

/**
 * The applicants of one open 'Review applicants' shift: who they are and why they fit, with
 * Accept (after a confirmation: it fills the shift and declines the others) and Decline.
 */
export function ApplicantsDialog({
  shift,
  open,
  onOpenChange,
  onAccepted,
}: {
  shift: ShiftDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After an applicant was accepted (the shift is filled and this dialog goes away). */
  onAccepted: () => void;
}) {
  const applicants = useApplicants(shift.id, open);
  const accept = useAcceptApplication();
  const decline = useDeclineApplication();
  const [accepting, setAccepting] = useState<ApplicantDto | null>(null);
  const busy = accept.isPending || decline.isPending;
  const list = applicants.data ?? [];
  // Those still waiting for a decision first, then the rest as they came.
  const ordered = [
    ...list.filter((a) => a.status === 'pending'),
    ...list.filter((a) => a.status !== 'pending'),
  ];

  const confirmAccept = () => {
    if (!accepting) return;
    accept.mutate(accepting.applicationId, {
      onSuccess: () => {
        toast.success(bookingMessages.accepted);
        setAccepting(null);
        onOpenChange(false);
        onAccepted();
      },
      onError: (error) => {
        toast.error(errorText(error, bookingMessages.actionFailed));
        setAccepting(null);
      },
    });
  };

  const declineApplicant = (applicant: ApplicantDto) => {
    decline.mutate(applicant.applicationId, {
      onSuccess: () => toast.success(bookingMessages.declined),
      onError: (error) => toast.error(errorText(error, bookingMessages.actionFailed)),
    });
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Applicants for ${formatShiftDate(shift.startTime)}`}
      description={`${shift.position} at ${shift.location.name}, ${formatTimeRange(
        shift.startTime,
        shift.endTime,
      )}.`}
      size="lg"
      pending={busy}
    >
      <QueryState
        query={applicants}
        failed={bookingMessages.loadFailed}
        loadingText="Loading applicants…"
        empty={{ when: () => ordered.length === 0, message: bookingMessages.noApplicants }}
      >
        {() => (
          <ul className="space-y-4" aria-label="Applicants">
            {ordered.map((applicant) => (
              <ApplicantCard
                key={applicant.applicationId}
                applicant={applicant}
                shiftId={shift.id}
                busy={busy}
                onAccept={() => setAccepting(applicant)}
                onDecline={() => declineApplicant(applicant)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={accepting !== null}
        onOpenChange={(next) => {
          if (!next) setAccepting(null);
        }}
        tone="primary"
        title={accepting ? `Accept ${accepting.name}?` : 'Accept applicant?'}
        description={`${accepting?.name ?? 'They'} will work the shift on ${shiftDateText(
          shift.startTime,
        )}. Accepting fills the shift and declines the other applicants.${
          shift.offer.wholeBlock ? ` ${postingTexts.acceptBlock}` : ''
        }`}
        cancelLabel="Go Back"
        confirmLabel={accept.isPending ? 'Accepting...' : 'Yes, Accept'}
        pending={accept.isPending}
        onConfirm={confirmAccept}
      />
    </ModalDialog>
  );
}

function ApplicantCard({
  applicant,
  shiftId,
  busy,
  onAccept,
  onDecline,
}: {
  applicant: ApplicantDto;
  shiftId: string;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const nameId = useId();
  const pending = applicant.status === 'pending';
  return (
    <li aria-labelledby={nameId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex items-start gap-4">
        {applicant.photoUrl ? (
          <img
            src={applicant.photoUrl}
            alt={`Photo of ${applicant.name}`}
            className="h-16 w-16 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600"
          >
            <UserRound className="h-8 w-8" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={nameId} className="font-semibold text-ink">
              {applicant.name}
            </h3>
            <ApplicationStatusBadge status={applicant.status} />
          </div>
          <p className="text-sm text-slate-700">{applicant.position}</p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <Detail term="Experience" value={yearsText(applicant.yearsOfExperience)} />
            <Detail
              term="Rating"
              value={ratingSummaryText(applicant.averageRating, applicant.ratingCount)}
            />
            <Detail term="Shifts completed" value={String(applicant.shiftsCompleted)} />
            <Detail
              term={reliabilityTexts.label}
              value={reliabilityTexts.summary(applicant.reliability)}
              className="flex-col gap-y-0 sm:col-span-2 sm:flex-row"
            />
            {applicant.certifications.length > 0 ? (
              <Detail
                term="Certifications"
                value={applicant.certifications.join(', ')}
                className="sm:col-span-2"
              />
            ) : null}
            {applicant.skills.length > 0 ? (
              <Detail term="Skills" value={applicant.skills.join(', ')} className="sm:col-span-2" />
            ) : null}
            {applicant.note ? (
              <Detail term="Note" value={applicant.note} className="sm:col-span-2" />
            ) : null}
          </dl>
          {applicant.resumeUrl && pending ? (
            <a
              href={applicant.resumeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
            >
              Resume of {applicant.name}
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
      {pending || applicant.status !== 'withdrawn' ? (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {applicant.status !== 'withdrawn' ? (
            <MessageLink
              side="practice"
              shiftId={shiftId}
              professionalId={applicant.professionalId}
              name={applicant.name}
            />
          ) : null}
          {pending ? (
            <>
              <Button
                variant="secondary"
                className="px-3 py-1.5 text-sm"
                disabled={busy}
                onClick={onDecline}
                aria-label={`Decline ${applicant.name}`}
              >
                Decline
              </Button>
              <Button
                className="px-3 py-1.5 text-sm"
                disabled={busy}
                onClick={onAccept}
                aria-label={`Accept ${applicant.name}`}
              >
                Accept
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
