/**
 * Moves money for ChairFill: ACH debits from practices' linked banks, transfers to the payout
 * accounts of professionals, refunds, and the provider's signed event notices. Stripe Connect when
 * STRIPE_SECRET_KEY is set, else an offline sandbox. Every failure is a PaymentProviderError.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';

  /**
   * The customer that pays a practice's debits, with the linked bank attached as its payment
   * method. `customerId` is the one made earlier, if any (reused, the bank replaced when new).
   */
  preparePracticeBank(input: {
    practiceId: string;
    name: string;
    email: string;
    /** The bank account token of the linked bank (Plaid processor token / sandbox token). */
    bankAccountToken: string;
    customerId: string | null;
  }): Promise<{ customerId: string; paymentMethodId: string }>;

  /**
   * Starts an ACH debit. The idempotency key makes a repeated call (a retried job, a crash after
   * the request) the same debit at the provider.
   */
  createDebit(input: {
    idempotencyKey: string;
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    /** The practice's authorization to debit this bank (ACH mandate), as it gave it when linking. */
    mandate: DebitMandate | null;
  }): Promise<DebitResult>;

  /** Gives back `amountCents` of a settled debit to the practice. */
  refundDebit(input: {
    idempotencyKey: string;
    paymentId: string;
    amountCents: number;
  }): Promise<{ refundId: string }>;

  /**
   * The account a professional is paid into, with the bank they linked as where it pays out.
   * `accountId` is the one made earlier, if any (its bank is replaced).
   */
  preparePayoutAccount(input: {
    professionalId: string;
    email: string;
    firstName: string;
    lastName: string;
    bankAccountToken: string;
    accountId: string | null;
    /** The address the professional accepted the provider's terms from. */
    ipAddress: string;
    now: Date;
  }): Promise<{ accountId: string; payoutsEnabled: boolean }>;

  /**
   * Where the professional gives the provider what it still needs before it pays out (identity
   * details, on the provider's own pages), coming back to `returnUrl`.
   */
  createOnboardingLink(input: { accountId: string; returnUrl: string }): Promise<{ url: string }>;

  /** Sends `amountCents` to a professional's payout account (idempotent by key). */
  createTransfer(input: {
    idempotencyKey: string;
    amountCents: number;
    accountId: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<{ transferId: string }>;

  /**
   * A provider's event notice (webhook) after checking its signature; throws a 'rejected'
   * PaymentProviderError when the signature or body is not valid. Unknown event types come back
   * as `{ type: 'ignored' }` so that they are acknowledged and recorded.
   */
  readWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;

  /**
   * Sandbox only: the events its debits produced since they were started (a debit settles, or
   * fails for the test account that returns debits), fed to the same handler as webhooks.
   */
  sandboxEvents?(processing: readonly { paymentId: string }[]): PaymentEvent[];
}

export interface DebitMandate {
  acceptedAt: Date;
  ipAddress: string;
  userAgent: string;
}

export interface DebitResult {
  paymentId: string;
  /** ACH debits are 'processing' for days; 'failed' when the provider refused at once. */
  status: 'processing' | 'failed';
  failureReason?: string;
}

/** What a provider's event means for ChairFill (the provider's own payload is kept as well). */
export type PaymentEvent =
  | { id: string; type: 'debit.settled'; paymentId: string }
  | { id: string; type: 'debit.failed'; paymentId: string; failureReason: string }
  | { id: string; type: 'transfer.reversed'; transferId: string; failureReason: string }
  | { id: string; type: 'account.updated'; accountId: string; payoutsEnabled: boolean }
  | { id: string; type: 'ignored'; providerType: string };

/**
 * 'rejected': what was sent is not acceptable (a bad signature, a refused bank) -> 400 or a failed
 * charge. 'unavailable': the provider could not be reached or refused our configuration; the job
 * tries again later.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    /** Safe to log: the provider's error type and code, request id; never keys or tokens. */
    readonly details: Record<string, string | number | undefined> = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
