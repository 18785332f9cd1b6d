import { useDeferredValue, useEffect, useRef, type RefObject } from 'react';
import { Button } from '@web/components/ui/button';
import { SHIFT_PAGE_SIZE } from '@shared/practice/shift-constants';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { useShiftPages, type ShiftPositionFilter } from '../api/shifts';
import { monthLabel } from '../shift-time';
import { ShiftItem } from './shift-item';
import { EmptyShifts, ShiftsLoadError, ShiftsLoading } from './shift-list-states';

/** 'March 2025' for the month 'yyyy-MM' (its 15th at noon UTC is that month in New York too). */
export function monthKeyLabel(month: string): string {
  return monthLabel(`${month}-15T12:00:00Z`);
}

/** A shift posted while pages were read can move one onto the next page: each is shown once. */
function uniqueShifts(shifts: ShiftDto[]): ShiftDto[] {
  const seen = new Set<string>();
  return shifts.filter((shift) => !seen.has(shift.id) && Boolean(seen.add(shift.id)));
}

/**
 * A month's shifts of a position, newest first, a page at a time: the first page when shown, and
 * 'Show n more of m remaining in Month yyyy' for the next (focus moves to the first shift it
 * reveals). Loading, failure and empty states in place of the list.
 */
export function MonthShiftPages({
  month,
  position,
  emptyMessage,
  actions = true,
  headingLevel = 3,
  onFirstPage,
}: {
  /** 'yyyy-MM', practice time. */
  month: string;
  position: ShiftPositionFilter;
  emptyMessage: string;
  /** Whether each shift offers its edit and cancel actions. */
  actions?: boolean;
  headingLevel?: 3 | 4;
  /** Called once the first page is answered (or failed). */
  onFirstPage?: () => void;
}) {
  const pages = useShiftPages(month, position);
  const firstPageSettled = !pages.isPending;
  useEffect(() => {
    if (firstPageSettled) onFirstPage?.();
  }, [firstPageSettled, onFirstPage]);
  const shifts = uniqueShifts(pages.data?.pages.flatMap((page) => page.shifts) ?? []);
  // After 'Show more', focus moves to the first shift it revealed once it is shown.
  const focusIndex = useRef<number | null>(null);

  if (pages.isPending) return <ShiftsLoading />;
  if (pages.isLoadingError) return <ShiftsLoadError />;
  const total = pages.data.pages.at(-1)?.total ?? 0;
  if (shifts.length === 0) return <EmptyShifts message={emptyMessage} />;
  const remaining = Math.max(0, total - shifts.length);
  return (
    <>
      <ShiftRows
        shifts={shifts}
        actions={actions}
        headingLevel={headingLevel}
        focusIndexRef={focusIndex}
      />
      {pages.isFetchNextPageError ? <ShiftsLoadError /> : null}
      {pages.hasNextPage && remaining > 0 ? (
        <Button
          variant="secondary"
          className="mt-3 px-3 py-1.5 text-sm"
          onClick={() => {
            if (pages.isFetchingNextPage) return;
            focusIndex.current = shifts.length;
            void pages.fetchNextPage();
          }}
        >
          Show {Math.min(SHIFT_PAGE_SIZE, remaining)} more of {remaining} remaining in{' '}
          {monthKeyLabel(month)}
        </Button>
      ) : null}
    </>
  );
}

/** How many of a month's shifts are rendered at once when it shows: more than a screen holds. */
const FIRST_ROWS = 10;

/**
 * The shifts as a list: when the list first shows, its first rows at once and the others in a
 * background render (useDeferredValue), which React splits into short slices, so a busy month's
 * rows do not hold the page's main thread in one long task; rows added later ('Show more', a
 * refetch) render the same way. Focus moves to the shift at `focusIndexRef` once it is rendered.
 */
function ShiftRows({
  shifts,
  actions,
  headingLevel,
  focusIndexRef,
}: {
  shifts: ShiftDto[];
  actions: boolean;
  headingLevel: 3 | 4;
  focusIndexRef: RefObject<number | null>;
}) {
  const rows = useDeferredValue(
    shifts,
    shifts.length > FIRST_ROWS ? shifts.slice(0, FIRST_ROWS) : shifts,
  );
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const index = focusIndexRef.current;
    if (index === null || rows.length <= index) return;
    listRef.current?.children[index]?.querySelector<HTMLElement>('h3, h4')?.focus();
    focusIndexRef.current = null;
  }, [rows.length, focusIndexRef]);
  return (
    <ul ref={listRef} className="space-y-3">
      {rows.map((shift) => (
        <ShiftItem key={shift.id} shift={shift} actions={actions} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
