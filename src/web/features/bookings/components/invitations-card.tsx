import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatShiftDate, formatShiftHours } from '@shared/date-format';
import { formatHourlyRate } from '@shared/money-format';
import { invitationTexts } from '@shared/trust/favourites-constants';
import type { MyInvitationDto } from '@shared/trust/favourites';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import { useAnswerInvitation, useMyInvitations } from '../api/favourites';

/**
 * "Invitations" on the professional's dashboard: a practice they worked for invites them to a
 * shift; Accept books it at once, Decline tells the practice. Shown only when there is one.
 */
export function InvitationsCard() {
  const invitations = useMyInvitations();
  const headingId = useId();
  if (invitations.isSuccess && invitations.data.invitations.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-emerald-300 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {invitationTexts.cardTitle}
      </h2>
      <div className="mt-2">
        <QueryState query={invitations} failed={invitationTexts.loadFailed} loadingText="Loading…">
          {(data) => (
            <ul className="divide-y divide-slate-200">
              {data.invitations.map((invitation) => (
                <Invitation key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}

function Invitation({ invitation }: { invitation: MyInvitationDto }) {
  const answer = useAnswerInvitation();
  const [confirming, setConfirming] = useState(false);
  const { shift } = invitation;
  const day = formatShiftDate(shift.startTime);
  const respond = async (accept: boolean) => {
    try {
      await answer.mutateAsync({ id: invitation.id, accept });
      toast.success(accept ? invitationTexts.accepted : invitationTexts.declined);
    } catch (error) {
      toast.error(errorText(error, invitationTexts.answerFailed));
    }
    setConfirming(false);
  };
  return (
    <li className="space-y-2 py-3">
      <p className="font-medium text-ink">{invitationTexts.invitedBy(shift.practiceName)}</p>
      <p className="text-slate-700">
        {shift.position} · {day} · {formatShiftHours(shift.startTime, shift.endTime)} ·{' '}
        {formatHourlyRate(shift.rateCents)}
      </p>
      <p className="break-words text-sm text-slate-700">
        {shift.locationName}, {shift.locationAddress}, {shift.locationCity}
      </p>
      {invitation.message ? (
        <blockquote className="border-l-4 border-slate-300 pl-3 text-sm break-words whitespace-pre-line text-slate-800">
          {invitation.message}
        </blockquote>
      ) : null}
      {invitation.status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            className="px-3 py-1.5 text-sm"
            disabled={answer.isPending}
            aria-label={`${invitationTexts.accept}: ${shift.practiceName}, ${day}`}
            onClick={() => setConfirming(true)}
          >
            {invitationTexts.accept}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            disabled={answer.isPending}
            aria-label={`${invitationTexts.decline}: ${shift.practiceName}, ${day}`}
            onClick={() => void respond(false)}
          >
            {invitationTexts.decline}
          </Button>
        </div>
      ) : (
        <p className="text-sm font-medium text-slate-800">
          {invitationTexts.statusLabels[invitation.status]}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title={invitationTexts.acceptTitle}
        description={invitationTexts.acceptBody(
          `${shift.practiceName}, ${shift.position}, ${day}, ${formatShiftHours(
            shift.startTime,
            shift.endTime,
          )}, ${formatHourlyRate(shift.rateCents)}`,
          payTermsTexts.professionalTerms(shift.payThrough),
        )}
        cancelLabel={invitationTexts.goBack}
        confirmLabel={answer.isPending ? invitationTexts.accepting : invitationTexts.accept}
        pending={answer.isPending}
        onConfirm={() => void respond(true)}
      />
    </li>
  );
}
