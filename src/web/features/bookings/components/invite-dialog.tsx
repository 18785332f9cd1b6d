import { Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatShortShiftDate } from '@shared/date-format';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import { invitationTexts } from '@shared/trust/favourites-constants';
import type { ShiftInvitationDto } from '@shared/trust/favourites';
import { Button } from '@web/components/ui/button';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField } from '@web/components/ui/text-area-field';
import { errorText } from '@web/lib/error-text';
import { useInvite, useMyProfessionals, useShiftInvitations } from '../api/favourites';

const MESSAGE_MAX = 500;

/**
 * Invite a professional to one open shift: the practice's professionals of the shift's position
 * (favourites first) each with Invite, an optional message, and the shift's invitations so far
 * with Withdraw for the pending ones. Its own chunk, loaded when opened.
 */
export function InviteDialog({
  shift,
  open,
  onOpenChange,
}: {
  shift: { id: string; position: ShiftPosition; startTime: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const professionals = useMyProfessionals();
  const invitations = useShiftInvitations(shift.id);
  const { invite, withdraw } = useInvite(shift.id);
  const [message, setMessage] = useState('');
  const messageError = message.length > MESSAGE_MAX ? invitationTexts.messageTooLong : undefined;
  const pending = invite.isPending || withdraw.isPending;

  const send = async (professionalId: string, name: string) => {
    if (messageError) return;
    try {
      await invite.mutateAsync({ professionalId, message });
      toast.success(invitationTexts.sent(name));
      setMessage('');
    } catch (error) {
      toast.error(errorText(error, invitationTexts.answerFailed));
    }
  };
  const takeBack = async (invitation: ShiftInvitationDto) => {
    try {
      await withdraw.mutateAsync(invitation.id);
      toast.success(invitationTexts.withdrawn);
    } catch (error) {
      toast.error(errorText(error, invitationTexts.answerFailed));
    }
  };

  const invitedIds = new Set(
    (invitations.data?.invitations ?? [])
      .filter((invitation) => invitation.status !== 'withdrawn')
      .map((invitation) => invitation.professionalId),
  );

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={invitationTexts.inviteTitle(formatShortShiftDate(shift.startTime))}
      description={invitationTexts.inviteHint}
      size="lg"
    >
      <div className="space-y-5">
        <TextAreaField
          label={invitationTexts.messageLabel}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          error={messageError}
          maxLength={MESSAGE_MAX + 100}
        />
        <QueryState
          query={professionals}
          failed={invitationTexts.loadFailed}
          loadingText="Loading…"
        >
          {(data) => {
            const people = data.professionals.filter((p) => p.position === shift.position);
            if (people.length === 0) {
              return (
                <p className="text-slate-700">{invitationTexts.noneToInvite(shift.position)}</p>
              );
            }
            return (
              <ul className="divide-y divide-slate-200">
                {people.map((person) => (
                  <li
                    key={person.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-3"
                  >
                    <p className="min-w-0 break-words font-medium text-ink">
                      {person.favourite ? (
                        <Star
                          className="mr-1 inline h-4 w-4 fill-current text-amber-600"
                          aria-label="Favourite"
                          role="img"
                        />
                      ) : null}
                      {person.name}
                    </p>
                    <Button
                      className="px-3 py-1.5 text-sm"
                      disabled={pending || invitedIds.has(person.id) || Boolean(messageError)}
                      aria-label={`${invitationTexts.invite} ${person.name}`}
                      onClick={() => void send(person.id, person.name)}
                    >
                      {invitedIds.has(person.id)
                        ? invitationTexts.statusLabels.pending
                        : invitationTexts.invite}
                    </Button>
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryState>
        <QueryState query={invitations} failed={invitationTexts.loadFailed} loadingText="Loading…">
          {(data) =>
            data.invitations.length === 0 ? null : (
              <div>
                <h3 className="font-semibold text-ink">{invitationTexts.cardTitle}</h3>
                <ul className="mt-1 divide-y divide-slate-200">
                  {data.invitations.map((invitation) => (
                    <li
                      key={invitation.id}
                      className="flex flex-wrap items-center justify-between gap-2 py-2"
                    >
                      <p className="min-w-0 break-words text-ink">
                        {invitation.professionalName}:{' '}
                        <span className="font-medium">
                          {invitationTexts.statusLabels[invitation.status]}
                        </span>
                      </p>
                      {invitation.status === 'pending' ? (
                        <Button
                          variant="secondary"
                          className="px-3 py-1.5 text-sm"
                          disabled={pending}
                          aria-label={`${invitationTexts.withdraw}: ${invitation.professionalName}`}
                          onClick={() => void takeBack(invitation)}
                        >
                          {invitationTexts.withdraw}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            )
          }
        </QueryState>
      </div>
    </ModalDialog>
  );
}
