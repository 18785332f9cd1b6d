import { emailDueApplicantSummaries } from '../notifications/applicant-emails';
import { lockedJob } from './job-lock';

/**
 * Every minute: each shift whose practice has applications it was not e-mailed about, and whose
 * last applicant e-mail is at least 15 minutes old, gets one summary e-mail listing them
 * (notifications/applicant-emails.ts; the first application of a quiet shift is e-mailed at once
 * when it is made).
 */
export const applicantSummariesJob = lockedJob({
  name: 'applicant-summaries',
  intervalMs: 60_000,
  async run(tx, ctx, now) {
    return emailDueApplicantSummaries(tx, ctx.env, now);
  },
});
