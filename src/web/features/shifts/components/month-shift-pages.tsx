import {
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
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
  /** Called once the first page is shown: its first shifts, its empty line or its failure. */
  onFirstPage?: () => void;
}) {
  const pages = useShiftPages(month, position);
  // One list per answer: the rows' background render starts again only when the pages change.
  const shifts = useMemo(
    () => uniqueShifts(pages.data?.pages.flatMap((page) => page.shifts) ?? []),
    [pages.data],
  );
  const shownWithoutRows = pages.isLoadingError || (pages.isSuccess && shifts.length === 0);
  useEffect(() => {
    if (shownWithoutRows) onFirstPage?.();
  }, [shownWithoutRows, onFirstPage]);
  // After 'Show more', focus moves to the first shift it revealed once it is shown.
  const focusIndex = useRef<number | null>(null);

  if (pages.isPending) return <ShiftsLoading />;
  if (pages.isLoadingError) return <ShiftsLoadError />;
  const total = pages.data.pages.at(-1)?.total ?? 0;
  if (shifts.length === 0) return <EmptyShifts message={emptyMessage} />;
  const remaining = Math.max(0, total - shifts.length);
  return (
    <ShiftRows
      shifts={shifts}
      actions={actions}
      headingLevel={headingLevel}
      focusIndexRef={focusIndex}
      onShown={onFirstPage}
    >
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
    </ShiftRows>
  );
}

const NO_SHIFTS: ShiftDto[] = [];

/**
 * The shifts as a list, rendered in the background (useDeferredValue), which React splits into
 * short slices: a month's page arriving does not hold the page's main thread in one long task
 * (the render an answer starts is synchronous), and rows added later ('Show more', a refetch) render
 * the same way. Until the first rows are in, the loading line stands in for the list and what
 * follows it (`children`); `onShown` is called once they are. Focus moves to the shift at
 * `focusIndexRef` once it is rendered.
 */
function ShiftRows({
  shifts,
  actions,
  headingLevel,
  focusIndexRef,
  onShown,
  children,
}: {
  shifts: ShiftDto[];
  actions: boolean;
  headingLevel: 3 | 4;
  focusIndexRef: RefObject<number | null>;
  onShown?: () => void;
  children: ReactNode;
}) {
  const rows = useDeferredValue(shifts, NO_SHIFTS);
  const shown = rows.length > 0;
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  useEffect(() => {
    const index = focusIndexRef.current;
    if (index === null || rows.length <= index) return;
    listRef.current?.children[index]?.querySelector<HTMLElement>('h3, h4')?.focus();
    focusIndexRef.current = null;
  }, [rows.length, focusIndexRef]);
  if (!shown) return <ShiftsLoading />;
  return (
    <>
      <ul ref={listRef} className="space-y-3">
        {rows.map((shift) => (
          <ShiftItem key={shift.id} shift={shift} actions={actions} headingLevel={headingLevel} />
        ))}
      </ul>
      {children}
    </>
  );
}
