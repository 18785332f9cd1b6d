import { createHash } from 'node:crypto';
import { SANDBOX_RETURNS_MASK } from '../bank-link/sandbox-bank-link';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider } from './payment-provider';

/** A short stable id from what identifies a request, so a repeated call gives the same object. */
function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;
}

/**
 * Moves no money and needs no network: every id is derived from the request (so retries with the
 * same idempotency key give the same debit or transfer, like the real provider), debits settle on
 * the next payments run, and debits from the sandbox's low-balance test account come back unpaid.
 */
export function createSandboxPaymentProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async preparePracticeBank({ practiceId, bankAccountToken, customerId }) {
      const mask = /^btok_sandbox_(\d{4})_/.exec(bankAccountToken)?.[1];
      if (!mask) throw new PaymentProviderError('rejected', 'Not a sandbox bank account token');
      return {
        customerId: customerId ?? stableId('cus_sandbox_', practiceId),
        paymentMethodId: `${stableId('ba_sandbox_', bankAccountToken)}_${mask}`,
      };
    },
    async createDebit({ idempotencyKey, amountCents, paymentMethodId }) {
      if (!paymentMethodId.startsWith('ba_sandbox_')) {
        throw new PaymentProviderError('rejected', 'Not a sandbox payment method');
      }
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new PaymentProviderError(
          'rejected',
          'The amount must be a positive whole number of cents',
        );
      }
      const returns = paymentMethodId.endsWith(`_${SANDBOX_RETURNS_MASK}`);
      return {
        paymentId: `${stableId(returns ? 'py_sandbox_returns_' : 'py_sandbox_', idempotencyKey)}`,
        status: 'processing',
      };
    },
    async refundDebit({ idempotencyKey }) {
      return { refundId: stableId('re_sandbox_', idempotencyKey) };
    },
    async preparePayoutAccount({ professionalId, bankAccountToken, accountId }) {
      if (!bankAccountToken.startsWith('btok_sandbox_')) {
        throw new PaymentProviderError('rejected', 'Not a sandbox bank account token');
      }
      // The sandbox needs nothing more from anyone: it pays out at once.
      return {
        accountId: accountId ?? stableId('acct_sandbox_', professionalId),
        payoutsEnabled: true,
      };
    },
    async createOnboardingLink() {
      throw new PaymentProviderError('rejected', 'The payment sandbox needs no onboarding');
    },
    async createTransfer({ idempotencyKey, accountId }) {
      if (!accountId.startsWith('acct_sandbox_')) {
        throw new PaymentProviderError('rejected', 'Not a sandbox payout account');
      }
      return { transferId: stableId('tr_sandbox_', idempotencyKey) };
    },
    readWebhook() {
      throw new PaymentProviderError('rejected', 'The payment sandbox sends no event notices');
    },
    sandboxEvents(processing) {
      return processing.map(({ paymentId }): PaymentEvent =>
        paymentId.startsWith('py_sandbox_returns_')
          ? {
              id: `evt_sandbox_${paymentId}`,
              type: 'debit.failed',
              paymentId,
              failureReason: 'The bank returned the debit: insufficient funds.',
            }
          : { id: `evt_sandbox_${paymentId}`, type: 'debit.settled', paymentId },
      );
    },
  };
}
