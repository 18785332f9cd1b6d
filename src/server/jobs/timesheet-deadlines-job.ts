import {
  approveWaitingTimesheets,
  submitScheduledTimesheets,
} from '../services/attendance/timesheet-deadlines';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every minute: a booked shift that ended a day ago without a timesheet gets one with the
 * scheduled hours, and a timesheet the practice left undecided for 48 hours is approved (the
 * booking and shift are then completed).
 */
export const timesheetDeadlinesJob: ScheduledJob = {
  name: 'timesheet-deadlines',
  intervalMs: 60_000,
  async run(ctx, now) {
    return {
      scheduledTimesheets: await submitScheduledTimesheets(ctx, now),
      approvedTimesheets: await approveWaitingTimesheets(ctx, now),
    };
  },
};
