import { ChevronDown } from 'lucide-react';
import { memo, useCallback, useId, useState } from 'react';
import { noShiftsMessage } from '@shared/practice/shift-constants';
import { useShiftMonths, type ShiftPositionFilter } from '../api/shifts';
import { MonthShiftPages, monthKeyLabel } from './month-shift-pages';
import { PositionTabs } from './position-tabs';
import { EmptyShifts, ShiftsLoadError, ShiftsLoading } from './shift-list-states';

/**
 * The shifts of the current month and later, latest month first, each month collapsible with
 * its count for the chosen position; an expanded month shows its shifts newest first, a page at
 * a time (MonthShiftPages).
 */
export function ShiftRequestsList() {
  const months = useShiftMonths();
  const [position, setPosition] = useState<ShiftPositionFilter>('all');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (month: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (next.has(month)) next.delete(month);
        else next.add(month);
        return next;
      }),
    [],
  );
  const shown = (months.data ?? []).filter((month) => month.counts[position] > 0);
  // The months appear together once each expanded one has its first page, instead of one by one
  // pushing the others down as they arrive (a layout shift). Only when the list first loads: a
  // month opened later or another tab shows its own loading line in place.
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const [listShown, setListShown] = useState(false);
  const markAnswered = useCallback(
    (month: string) =>
      setAnswered((current) => (current.has(month) ? current : new Set(current).add(month))),
    [],
  );
  const allAnswered = shown.every(({ month }) => collapsed.has(month) || answered.has(month));
  if (!listShown && months.isSuccess && allAnswered) setListShown(true);

  return (
    <PositionTabs value={position} onChange={setPosition}>
      {months.isPending ? (
        <ShiftsLoading />
      ) : months.isLoadingError ? (
        <ShiftsLoadError />
      ) : shown.length === 0 ? (
        <EmptyShifts message={noShiftsMessage(position, false)} />
      ) : (
        <>
          {listShown ? null : <ShiftsLoading />}
          <div className="space-y-4" hidden={!listShown}>
            {shown.map(({ month, counts }) => (
              <MonthSection
                key={month}
                month={month}
                count={counts[position]}
                position={position}
                expanded={!collapsed.has(month)}
                onToggle={toggle}
                onFirstPage={markAnswered}
              />
            ))}
          </div>
        </>
      )}
    </PositionTabs>
  );
}

/**
 * One month, its heading and its shifts; memoised, so a month's first page arriving (which
 * re-renders the list to count the months answered) does not render every other month's shifts
 * again: on a busy practice's first screen that was most of the main thread's blocking time.
 */
const MonthSection = memo(function MonthSection({
  month,
  count,
  position,
  expanded,
  onToggle,
  onFirstPage,
}: {
  month: string;
  count: number;
  position: ShiftPositionFilter;
  expanded: boolean;
  onToggle: (month: string) => void;
  onFirstPage: (month: string) => void;
}) {
  const panelId = useId();
  const answered = useCallback(() => onFirstPage(month), [onFirstPage, month]);
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50">
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onToggle(month)}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left font-semibold text-ink hover:bg-slate-100"
        >
          <span>
            {monthKeyLabel(month)}{' '}
            <span className="font-normal text-slate-700">
              ({count} {count === 1 ? 'shift' : 'shifts'})
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`h-5 w-5 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} hidden={!expanded} className="px-4 pb-4">
        {expanded ? (
          <MonthShiftPages
            month={month}
            position={position}
            emptyMessage={noShiftsMessage(position, false)}
            headingLevel={4}
            onFirstPage={answered}
          />
        ) : null}
      </div>
    </section>
  );
});
