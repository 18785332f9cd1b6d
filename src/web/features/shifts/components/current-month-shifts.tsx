import { useState } from 'react';
import { monthKey, practiceNow } from '../shift-time';
import { ShiftItem } from './shift-item';
import { UpcomingShiftsByPosition } from './upcoming-shifts-by-position';

/** The dashboard's list: this month's shifts (practice time), newest first, by position. */
export function CurrentMonthShifts() {
  const [thisMonth] = useState(() => monthKey(practiceNow()));
  return (
    <UpcomingShiftsByPosition
      include={(shift) => monthKey(shift.startTime) === thisMonth}
      thisMonth
    >
      {(shifts) => (
        <ul className="space-y-3">
          {shifts.map((shift) => (
            <ShiftItem key={shift.id} shift={shift} actions={false} />
          ))}
        </ul>
      )}
    </UpcomingShiftsByPosition>
  );
}
