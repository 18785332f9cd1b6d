import type { ReactNode } from 'react';
import { positionTabs, type ShiftDto, type ShiftPosition } from '@shared/practice/shift-constants';
import { Tabs } from '@web/components/ui/tabs';

export type PositionFilter = ShiftPosition | 'all';

/** A new array (never the query's own), so callers may reverse it for display. */
export function filterByPosition(shifts: ShiftDto[], position: PositionFilter): ShiftDto[] {
  return shifts.filter((shift) => position === 'all' || shift.position === position);
}

/** The All Positions / Hygienists / Dental Assistants / Front Desk tabs. */
export function PositionTabs({
  value,
  onChange,
  children,
}: {
  value: PositionFilter;
  onChange: (value: PositionFilter) => void;
  children: ReactNode;
}) {
  return (
    <Tabs label="Filter shifts by position" tabs={positionTabs} value={value} onChange={onChange}>
      {children}
    </Tabs>
  );
}
