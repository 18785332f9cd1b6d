import { useState } from 'react';
import { noShiftsMessage } from '@shared/practice/shifts';
import { useUpcomingShifts } from '../api/shifts';
import { monthKey, practiceNow } from '../shift-time';
import { filterByPosition, PositionTabs, type PositionFilter } from './position-tabs';
import { EmptyShifts, ShiftsLoadError, ShiftsLoading } from './shift-list-states';
import { ShiftItem } from './shift-item';

/** The dashboard's list: this month's shifts (practice time), newest first, by position. */
export function CurrentMonthShifts() {
  const shifts = useUpcomingShifts();
  const [position, setPosition] = useState<PositionFilter>('all');
  const [thisMonth] = useState(() => monthKey(practiceNow()));

  const visible = filterByPosition(
    (shifts.data ?? []).filter((shift) => monthKey(shift.startTime) === thisMonth),
    position,
  ).reverse();

  return (
    <PositionTabs value={position} onChange={setPosition}>
      {shifts.isPending ? (
        <ShiftsLoading />
      ) : shifts.isError ? (
        <ShiftsLoadError />
      ) : visible.length === 0 ? (
        <EmptyShifts message={noShiftsMessage(position, true)} />
      ) : (
        <ul className="space-y-3">
          {visible.map((shift) => (
            <ShiftItem key={shift.id} shift={shift} actions={false} />
          ))}
        </ul>
      )}
    </PositionTabs>
  );
}
