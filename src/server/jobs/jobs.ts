import { applicantSummariesJob } from './applicant-summaries-job';
import { expireUnfilledShiftsJob } from './expire-unfilled-shifts-job';
import { matchingShiftsDigestJob } from './matching-shifts-digest-job';
import type { ScheduledJob } from './scheduled-job';
import { shiftRemindersJob } from './shift-reminders-job';
import { timesheetDeadlinesJob } from './timesheet-deadlines-job';

/** Every scheduled job, in the order a pass runs them (timesheet deadlines first). */
export const scheduledJobList: ScheduledJob[] = [
  timesheetDeadlinesJob,
  expireUnfilledShiftsJob,
  shiftRemindersJob,
  matchingShiftsDigestJob,
  applicantSummariesJob,
];
