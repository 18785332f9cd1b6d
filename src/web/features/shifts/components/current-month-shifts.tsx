import { useState } from 'react';
import { noShiftsMessage } from '@shared/practice/shift-constants';
import type { ShiftPositionFilter } from '../api/shifts';
import { monthKey, practiceNow } from '../shift-time';
import { MonthShiftPages } from './month-shift-pages';
import { PositionTabs } from './position-tabs';

/** The dashboard's list: this month's shifts (practice time), newest first, by position. */
export function CurrentMonthShifts() {
  const [thisMonth] = useState(() => monthKey(practiceNow()));
  const [position, setPosition] = useState<ShiftPositionFilter>('all');
  return (
    <PositionTabs value={position} onChange={setPosition}>
      <MonthShiftPages
        month={thisMonth}
        position={position}
        emptyMessage={noShiftsMessage(position, true)}
        actions={false}
      />
    </PositionTabs>
  );
}
