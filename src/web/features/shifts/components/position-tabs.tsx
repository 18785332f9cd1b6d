import type { ReactNode } from 'react';
import { positionTabs } from '@shared/practice/shift-constants';
import { Tabs } from '@web/components/ui/tabs';
import type { ShiftPositionFilter } from '../api/shifts';

/** The All Positions / Hygienists / Dental Assistants / Front Desk tabs. */
export function PositionTabs({
  value,
  onChange,
  children,
}: {
  value: ShiftPositionFilter;
  onChange: (value: ShiftPositionFilter) => void;
  children: ReactNode;
}) {
  return (
    <Tabs label="Filter shifts by position" tabs={positionTabs} value={value} onChange={onChange}>
      {children}
    </Tabs>
  );
}
