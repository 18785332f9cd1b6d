import { debitPendingCharges } from '../services/money/debit-charges';
import { sendWaitingPayouts } from '../services/money/send-payouts';
import { settleSandboxDebits } from '../services/money/settle-sandbox-debits';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every minute: pending charges are debited from the practices' banks, the offline sandbox's
 * debits settle (or fail), and the payouts of settled charges are sent to the professionals. Each step is
 * idempotent at the provider (keys per charge or payout and attempt), so a second run pays nothing twice.
 */
export const paymentsJob: ScheduledJob = {
  name: 'payments',
  intervalMs: 60_000,
  async run(ctx, now) {
    const debits = await debitPendingCharges(ctx, now);
    const sandbox = await settleSandboxDebits(ctx, now);
    const paid = await sendWaitingPayouts(ctx, now);
    // What happened, each once: debits started, charges settled, charges that failed (refused at
    // once or come back), payouts sent.
    return {
      debits: debits.started,
      settled: sandbox.settled,
      failed: debits.failed + sandbox.failed,
      payouts: paid,
    };
  },
};
