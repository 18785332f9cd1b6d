import { useId, type ReactNode, type Ref } from 'react';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { shiftDateText, shiftTimeText } from '@web/features/bookings/booking-text';

/**
 * One shift in a list, named by its date: the heading takes the focus after an action on the
 * shift (`titleRef`), the hours under it, `aside` (a status or the rate) on the right, then the
 * details and actions.
 */
export function ShiftCard({
  shift,
  titleRef,
  aside,
  children,
  shiftId,
}: {
  shift: Pick<ShiftSummaryDto, 'startTime' | 'endTime'>;
  /** Marks the card as this shift's (`data-shift-id`), so focus can be moved to it. */
  shiftId?: string;
  titleRef: Ref<HTMLHeadingElement>;
  aside: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  // A card off screen is laid out only when it comes near the viewport (content-visibility): a
  // board of many shifts otherwise spent a long task laying out cards no one sees yet.
  return (
    <li
      aria-labelledby={titleId}
      data-shift-id={shiftId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_14rem] [content-visibility:auto]"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="font-semibold text-ink">
            {shiftDateText(shift.startTime)}
          </h2>
          <p className="text-slate-700">{shiftTimeText(shift.startTime, shift.endTime)}</p>
        </div>
        {aside}
      </div>
      {children}
    </li>
  );
}
