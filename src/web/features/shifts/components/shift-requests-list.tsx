import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import type { ShiftDto } from '@shared/practice/shift-constants';
import { monthKey, monthLabel } from '../shift-time';
import { ShiftItem } from './shift-item';
import { UpcomingShiftsByPosition } from './upcoming-shifts-by-position';

/**
 * Shifts shown per month at first and per 'Show more': a practice with hundreds of shifts a month
 * gets a page that renders quickly, and every shift stays one click away.
 */
export const SHIFTS_PER_PAGE = 25;

interface MonthGroup {
  key: string;
  label: string;
  shifts: ShiftDto[];
}

/** Groups shifts (already in display order) by their practice-time month, keeping the order. */
function groupByMonth(shifts: ShiftDto[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const shift of shifts) {
    const key = monthKey(shift.startTime);
    const last = groups.at(-1);
    if (last?.key === key) last.shifts.push(shift);
    else groups.push({ key, label: monthLabel(shift.startTime), shifts: [shift] });
  }
  return groups;
}

/**
 * Every shift of the current month and later (the API's default), grouped by month, each month
 * collapsible. The API's ascending order is reversed for display.
 */
export function ShiftRequestsList() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <UpcomingShiftsByPosition thisMonth={false}>
      {(shifts) => (
        <div className="space-y-4">
          {groupByMonth(shifts).map((group) => (
            <MonthSection
              key={group.key}
              group={group}
              expanded={!collapsed.has(group.key)}
              onToggle={() => toggle(group.key)}
            />
          ))}
        </div>
      )}
    </UpcomingShiftsByPosition>
  );
}

function MonthSection({
  group,
  expanded,
  onToggle,
}: {
  group: MonthGroup;
  expanded: boolean;
  onToggle: () => void;
}) {
  const panelId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(SHIFTS_PER_PAGE);
  // After 'Show more', focus moves to the first shift it revealed.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    listRef.current?.children[focusIndex.current]?.querySelector<HTMLElement>('h4')?.focus();
    focusIndex.current = null;
  }, [shown]);
  const count = group.shifts.length;
  const remaining = count - shown;
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50">
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left font-semibold text-ink hover:bg-slate-100"
        >
          <span>
            {group.label}{' '}
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
          <>
            <ul ref={listRef} className="space-y-3">
              {group.shifts.slice(0, shown).map((shift) => (
                <ShiftItem key={shift.id} shift={shift} headingLevel={4} />
              ))}
            </ul>
            {remaining > 0 ? (
              <Button
                variant="secondary"
                className="mt-3 px-3 py-1.5 text-sm"
                onClick={() => {
                  focusIndex.current = shown;
                  setShown(shown + SHIFTS_PER_PAGE);
                }}
              >
                Show {Math.min(SHIFTS_PER_PAGE, remaining)} more of {remaining} remaining in{' '}
                {group.label}
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
