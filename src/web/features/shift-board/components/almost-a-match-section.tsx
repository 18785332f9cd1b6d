import { MapPin, Wallet } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import type { AlmostShiftDto } from '@shared/fill/almost-a-match';
import { almostAMatchTexts } from '@shared/fill/almost-a-match-texts';
import { formatShiftAddress } from '@shared/address-format';
import { formatHourlyRate } from '@shared/money-format';
import { Button } from '@web/components/ui/button';
import { Detail } from '@web/components/ui/detail';
import { QueryState } from '@web/components/ui/query-state';
import { shiftDateText, shiftTimeText } from '@web/features/bookings/booking-text';
import { errorText } from '@web/lib/error-text';
import { focusAfterUpdate } from '@web/lib/focus-after-update';
import { useAlmostAMatch, useSaveAlmostSetting } from '../api/almost-a-match';

/**
 * "Almost a match" under the Find Shifts board: open shifts that miss only the travel distance
 * or only the minimum rate, each saying what it would take, with a button that saves that one
 * setting. The board is then read again and the shift moves into it; focus follows it there
 * (`boardShiftHeading`), or comes back to this section's heading when it is not shown there.
 * Loaded and asked for only once the section scrolls into view.
 */
export default function AlmostAMatchSection({
  boardShiftHeading,
}: {
  /** The heading of a shift's card on the board, when the board shows it. */
  boardShiftHeading: (shiftId: string) => HTMLElement | null;
}) {
  const query = useAlmostAMatch(true);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = query.data?.shifts.length ?? 0;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-ink">
        {count > 0 ? almostAMatchTexts.headingWithCount(count) : almostAMatchTexts.heading}
      </h2>
      <QueryState
        query={query}
        failed={errorText(query.error, almostAMatchTexts.failed)}
        loadingText={almostAMatchTexts.loading}
        empty={{ when: (reply) => reply.shifts.length === 0, message: almostAMatchTexts.empty }}
      >
        {(reply) => (
          <ul className="space-y-3" aria-label={almostAMatchTexts.heading}>
            {reply.shifts.map((shift) => (
              <AlmostCard
                key={shift.id}
                shift={shift}
                focusAfterSave={() =>
                  focusAfterUpdate(() => boardShiftHeading(shift.id) ?? headingRef.current)
                }
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function AlmostCard({
  shift,
  focusAfterSave,
}: {
  shift: AlmostShiftDto;
  /** After the save: the card leaves this list, so focus moves on. */
  focusAfterSave: () => void;
}) {
  const titleId = useId();
  const save = useSaveAlmostSetting();
  const Icon = shift.almost.kind === 'distance' ? MapPin : Wallet;
  const onSave = async () => {
    try {
      await save.mutateAsync(shift);
      toast.success(almostAMatchTexts.saved(shift));
      focusAfterSave();
    } catch (error) {
      toast.error(errorText(error, almostAMatchTexts.saveFailed));
    }
  };
  return (
    <li
      aria-labelledby={titleId}
      className="rounded-lg border border-amber-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold text-ink">
            {shiftDateText(shift.startTime)}
          </h3>
          <p className="text-slate-700">{shiftTimeText(shift.startTime, shift.endTime)}</p>
        </div>
        <p className="text-lg font-semibold text-ink">{formatHourlyRate(shift.rateCents)}</p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Practice" value={shift.practiceName} />
        <Detail term="Position" value={shift.position} />
        <Detail
          term="Location"
          value={formatShiftAddress(shift.location, shift.practiceName)}
          className="sm:col-span-2"
        />
      </dl>
      <p className="mt-3 flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span>{almostAMatchTexts.whatItTakes(shift)}</span>
      </p>
      <div className="mt-3 flex justify-end">
        <Button
          className="min-h-11 w-full sm:w-auto"
          disabled={save.isPending}
          aria-label={almostAMatchTexts.actionLabel(shift)}
          onClick={() => void onSave()}
        >
          {save.isPending ? almostAMatchTexts.saving : almostAMatchTexts.action(shift)}
        </Button>
      </div>
    </li>
  );
}
