import { applicantSummariesJob } from './applicant-summaries-job';
import { completeEndedShiftsJob } from './complete-ended-shifts-job';
import { expireUnfilledShiftsJob } from './expire-unfilled-shifts-job';
import { matchingShiftsDigestJob } from './matching-shifts-digest-job';
import type { ScheduledJob } from './scheduled-job';
import { shiftRemindersJob } from './shift-reminders-job';

/** Every scheduled job, in the order a pass runs them (completing shifts first). */
export const scheduledJobList: ScheduledJob[] = [
  completeEndedShiftsJob,
  expireUnfilledShiftsJob,
  shiftRemindersJob,
  matchingShiftsDigestJob,
  applicantSummariesJob,
];
