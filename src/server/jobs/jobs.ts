import { alertDaysRetentionJob } from './alert-days-retention-job';
import { applicantSummariesJob } from './applicant-summaries-job';
import { credentialExpiryJob } from './credential-expiry-job';
import { backfillJob } from './backfill-job';
import { expireUnfilledShiftsJob } from './expire-unfilled-shifts-job';
import { messageEmailsJob } from './message-emails-job';
import { messageRetentionJob } from './message-retention-job';
import { matchingShiftsDigestJob } from './matching-shifts-digest-job';
import { paymentsJob } from './payments-job';
import type { ScheduledJob } from './scheduled-job';
import { shiftReachJob } from './shift-reach-job';
import { shiftRemindersJob } from './shift-reminders-job';
import { timesheetDeadlinesJob } from './timesheet-deadlines-job';
import { weeklyInvoicesJob } from './weekly-invoices-job';

/** Every scheduled job, in the order a pass runs them (timesheet deadlines first, so approved hours are charged in the same pass). */
export const scheduledJobList: ScheduledJob[] = [
  timesheetDeadlinesJob,
  paymentsJob,
  weeklyInvoicesJob,
  expireUnfilledShiftsJob,
  shiftReachJob,
  backfillJob,
  shiftRemindersJob,
  matchingShiftsDigestJob,
  applicantSummariesJob,
  credentialExpiryJob,
  messageEmailsJob,
  messageRetentionJob,
  alertDaysRetentionJob,
];
