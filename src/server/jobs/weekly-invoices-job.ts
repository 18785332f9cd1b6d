import { invoiceFinishedWeeks } from '../services/money/weekly-invoices';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every hour: the charges of weeks that have ended go on their practice's weekly invoice (the
 * first run after Monday 00:00 makes last week's; later runs add hours approved since).
 */
export const weeklyInvoicesJob: ScheduledJob = {
  name: 'weekly-invoices',
  intervalMs: 60 * 60_000,
  async run(ctx, now) {
    return { invoicedCharges: await invoiceFinishedWeeks(ctx.db, now) };
  },
};
