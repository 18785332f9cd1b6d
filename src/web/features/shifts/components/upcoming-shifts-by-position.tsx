import { useState, type ReactNode } from 'react';
import { noShiftsMessage, type ShiftDto } from '@shared/practice/shift-constants';
import { useUpcomingShifts } from '../api/shifts';
import { filterByPosition, PositionTabs, type PositionFilter } from './position-tabs';
import { EmptyShifts, ShiftsLoadError, ShiftsLoading } from './shift-list-states';

/**
 * The practice's upcoming shifts under the position tabs, newest first, with the loading,
 * failure and empty states; `children` lays out the chosen position's shifts (never none).
 */
export function UpcomingShiftsByPosition({
  include,
  thisMonth,
  children,
}: {
  /** Which upcoming shifts to list; all of them when left out. */
  include?: (shift: ShiftDto) => boolean;
  /** Whether the empty message ends in ' this month' (the dashboard's list). */
  thisMonth: boolean;
  children: (shifts: ShiftDto[]) => ReactNode;
}) {
  const shifts = useUpcomingShifts();
  const [position, setPosition] = useState<PositionFilter>('all');
  const upcoming = shifts.data ?? [];
  const visible = filterByPosition(
    include ? upcoming.filter(include) : upcoming,
    position,
  ).reverse();

  return (
    <PositionTabs value={position} onChange={setPosition}>
      {shifts.isPending ? (
        <ShiftsLoading />
      ) : shifts.isError ? (
        <ShiftsLoadError />
      ) : visible.length === 0 ? (
        <EmptyShifts message={noShiftsMessage(position, thisMonth)} />
      ) : (
        children(visible)
      )}
    </PositionTabs>
  );
}
