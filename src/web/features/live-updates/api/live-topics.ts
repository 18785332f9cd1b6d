import type { QueryKey } from '@tanstack/react-query';
import type { LiveTopic } from '@shared/live-updates';
import { attendanceKeys } from '@web/features/attendance/api/query-keys';
import { professionalBookingQueries } from '@web/features/bookings/api/query-keys';
import { messageKeys } from '@web/features/messages/api/query-keys';
import { moneyKeys } from '@web/features/money/api/query-keys';
import { notificationKeys } from '@web/features/notifications/api/query-keys';
import { practiceKeys } from '@web/features/practice/api/query-keys';
import { shiftBoardKeys } from '@web/features/shift-board/api/query-keys';
import { shiftKeys } from '@web/features/shifts/api/query-keys';

export type LiveSide = 'practice' | 'professional';

/**
 * What each live event makes out of date on one side: those queries are asked again if a page
 * shows them (the others when next shown). 'resync' and 'ready' after a lost stream: everything.
 */
export function staleQueriesOf(topic: LiveTopic, side: LiveSide): QueryKey[] {
  switch (topic) {
    case 'notifications':
      return [notificationKeys.list];
    case 'messages':
      return [messageKeys.side(side)];
    case 'shifts':
      return [
        shiftKeys.all,
        practiceKeys.dashboard,
        attendanceKeys.practiceTimesheets,
        attendanceKeys.checkInCodes,
      ];
    case 'bookings':
      return [...professionalBookingQueries, attendanceKeys.mine, moneyKeys.earningsAll];
    case 'board':
      return [shiftBoardKeys.all];
    case 'ready':
    case 'resync':
      return [[]];
    case 'signed-out':
      return [];
  }
}
