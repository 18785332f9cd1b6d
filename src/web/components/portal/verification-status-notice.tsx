import { BadgeCheck, Ban, Hourglass, ShieldAlert, type LucideIcon } from 'lucide-react';
import type { ProfessionalRole } from '@shared/accounts';
import { statusNoticeText, type ProfessionalStatus } from '@shared/screening-constants';

const tones: Record<ProfessionalStatus, { box: string; icon: LucideIcon }> = {
  pending: { box: 'border-amber-300 bg-amber-50 text-amber-900', icon: Hourglass },
  verified: { box: 'border-emerald-300 bg-emerald-50 text-emerald-900', icon: BadgeCheck },
  rejected: { box: 'border-red-300 bg-red-50 text-red-800', icon: Ban },
  suspended: { box: 'border-red-300 bg-red-50 text-red-800', icon: ShieldAlert },
};

/**
 * A professional's screening status: on the dashboard, and on the shift board (where a pending
 * professional sees why they cannot apply yet). The text fits the role (front desk holds no
 * license). `reason` is shown for a rejection, a suspension, or a return to review (a changed
 * identity or license field). `hideWhenVerified` leaves nothing on screen for a verified
 * professional.
 */
export function VerificationStatusNotice({
  status,
  role,
  reason,
  hideWhenVerified = false,
}: {
  status: ProfessionalStatus;
  role: ProfessionalRole;
  reason?: string | null;
  hideWhenVerified?: boolean;
}) {
  if (hideWhenVerified && status === 'verified') return null;
  const text = statusNoticeText(status, role);
  const tone = tones[status];
  const showReason = status !== 'verified' && reason;
  return (
    <div
      role="status"
      data-testid="verification-status"
      data-status={status}
      className={`flex gap-3 rounded-md border px-4 py-3 ${tone.box}`}
    >
      <tone.icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1 text-sm">
        <p className="font-semibold">{text.title}</p>
        <p>{text.body}</p>
        {showReason ? (
          <p>
            <span className="font-semibold">Reason:</span> {reason}
          </p>
        ) : null}
      </div>
    </div>
  );
}
