import Stripe from 'stripe';
import type { StripeConfig } from '../env';
import {
  PaymentProviderError,
  type DebitResult,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider';

/**
 * Error codes that mean our own Stripe setup (keys, platform account, API use) is wrong, or that
 * a later try can succeed, whatever the practice or professional sent: never blamed on them.
 */
const NOT_THEIR_FAULT_CODES = new Set([
  'api_key_expired',
  'platform_api_key_expired',
  'secret_key_required',
  'livemode_mismatch',
  'testmode_charges_only',
  'platform_account_required',
  'parameter_unknown',
  'parameter_missing',
  'parameter_invalid_empty',
  'parameters_exclusive',
  'url_invalid',
  'balance_insufficient',
  'lock_timeout',
  'rate_limit',
  'idempotency_key_in_use',
]);

/** What a refused debit says when Stripe gave no words of its own. */
const DEFAULT_DEBIT_FAILURE = 'The bank refused the debit.';

/**
 * Turns whatever the SDK threw into a PaymentProviderError. 'rejected' only for a card or
 * invalid-request error about what the request carried (a token, a bank, an amount); network,
 * authentication, permission, rate-limit, idempotency and Stripe's own errors are 'unavailable'
 * (the job tries again). Only Stripe's error type/code/param, HTTP status and request id are kept;
 * Stripe's message can quote the token that was sent, so it is not logged.
 */
function toPaymentProviderError(operation: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderError('unavailable', `Stripe ${operation} failed`, {
      operation,
      error: error instanceof Error ? error.name : typeof error,
    });
  }
  const code = typeof error.code === 'string' ? error.code : undefined;
  const details = {
    operation,
    status: error.statusCode,
    errorType: error.rawType ?? error.type,
    errorCode: code,
    declineCode: error.decline_code,
    param: error.param,
    requestId: error.requestId,
  };
  const rejected =
    (error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError) &&
    !(code && NOT_THEIR_FAULT_CODES.has(code));
  return new PaymentProviderError(
    rejected ? 'rejected' : 'unavailable',
    `Stripe ${operation} failed${code ? ` (${code})` : error.statusCode ? ` (HTTP ${error.statusCode})` : ''}`,
    details,
  );
}

async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPaymentProviderError(operation, error);
  }
}

function requireId(operation: string, value: unknown, prefix: string): string {
  if (typeof value !== 'string' || !value.startsWith(prefix)) {
    throw new PaymentProviderError(
      'unavailable',
      `Stripe ${operation} answered without a ${prefix} id`,
      {
        operation,
      },
    );
  }
  return value;
}

interface StripeFailure {
  message?: string | undefined;
  code?: string | undefined;
}

/** Why a payment failed, in Stripe's words: its message, else its code. */
function failureReasonOf(failure: StripeFailure | null | undefined): string {
  return failure?.message || failure?.code || DEFAULT_DEBIT_FAILURE;
}

/** The SDK's host/port/protocol for an API address such as http://127.0.0.1:4000 (tests). */
function addressOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

export interface StripePaymentProviderOptions {
  /** Milliseconds to wait for one answer from Stripe (default 30 s). */
  timeoutMs?: number;
  /** Retries of a request that failed on the network or with a 5xx/409 (default 2, same key). */
  maxNetworkRetries?: number;
}

/**
 * Stripe through its Node SDK: a Customer per practice with the Plaid-linked bank attached as a
 * source (`ba_...`), ACH debits as confirmed off-session PaymentIntents on that bank, refunds, a
 * Custom connected account per professional with their bank as its external account, transfers
 * to it, and signed webhook events.
 */
export function createStripePaymentProvider(
  config: Pick<StripeConfig, 'secretKey' | 'webhookSecret'> & { apiUrl?: string | undefined },
  options: StripePaymentProviderOptions = {},
): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...addressOptions(config.apiUrl),
    timeout: options.timeoutMs ?? 30_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'ChairFill' },
  });

  return {
    name: 'stripe',

    async preparePracticeBank({ practiceId, name, email, bankAccountToken, customerId }) {
      const customer =
        customerId ??
        (await call('customers/create', async () => {
          const created = await stripe.customers.create({
            name,
            email,
            metadata: { practiceId },
          });
          return requireId('customers/create', created.id, 'cus_');
        }));
      const bank = await call('customers/sources/create', () =>
        stripe.customers.createSource(customer, { source: bankAccountToken }),
      );
      return {
        customerId: customer,
        paymentMethodId: requireId('customers/sources/create', bank.id, 'ba_'),
      };
    },

    async createDebit({
      idempotencyKey,
      amountCents,
      customerId,
      paymentMethodId,
      description,
      metadata,
      mandate,
    }): Promise<DebitResult> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            payment_method_types: ['us_bank_account'],
            confirm: true,
            off_session: true,
            description,
            metadata,
            // The debit authorization the practice gave when it linked the bank (ACH mandate).
            ...(mandate
              ? {
                  mandate_data: {
                    customer_acceptance: {
                      type: 'online' as const,
                      accepted_at: Math.floor(mandate.acceptedAt.getTime() / 1000),
                      online: { ip_address: mandate.ipAddress, user_agent: mandate.userAgent },
                    },
                  },
                }
              : {}),
          },
          { idempotencyKey },
        );
      } catch (error) {
        const refused = toPaymentProviderError('payment_intents/create', error);
        if (refused.kind === 'rejected' && error instanceof Stripe.errors.StripeError) {
          // Stripe made the intent and refused it: a failed debit with Stripe's reason.
          const failedIntent = error.payment_intent;
          if (typeof failedIntent?.id === 'string') {
            return {
              paymentId: failedIntent.id,
              status: 'failed',
              failureReason: failedIntent.last_payment_error?.message || failureReasonOf(error),
            };
          }
          // Refused before any intent existed (an unknown bank, too small an amount): no payment
          // id to give back, so the refusal is thrown with Stripe's words for the charge.
          throw new PaymentProviderError('rejected', failureReasonOf(error), refused.details);
        }
        throw refused;
      }
      const paymentId = requireId('payment_intents/create', intent.id, 'pi_');
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
        return {
          paymentId,
          status: 'failed',
          failureReason: failureReasonOf(intent.last_payment_error),
        };
      }
      return { paymentId, status: 'processing' };
    },

    async refundDebit({ idempotencyKey, paymentId, amountCents }) {
      return call('refunds/create', async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountCents },
          { idempotencyKey },
        );
        return { refundId: requireId('refunds/create', refund.id, 're_') };
      });
    },

    async preparePayoutAccount({
      professionalId,
      email,
      firstName,
      lastName,
      bankAccountToken,
      accountId,
      ipAddress,
      now,
    }) {
      if (accountId) {
        await call('accounts/external_accounts/create', () =>
          stripe.accounts.createExternalAccount(accountId, {
            external_account: bankAccountToken,
            default_for_currency: true,
          }),
        );
        const account = await call('accounts/retrieve', () => stripe.accounts.retrieve(accountId));
        return { accountId, payoutsEnabled: account.payouts_enabled === true };
      }
      return call('accounts/create', async () => {
        const account = await stripe.accounts.create({
          type: 'custom',
          country: 'US',
          email,
          business_type: 'individual',
          individual: { first_name: firstName, last_name: lastName, email },
          capabilities: { transfers: { requested: true } },
          tos_acceptance: { date: Math.floor(now.getTime() / 1000), ip: ipAddress },
          external_account: bankAccountToken,
          metadata: { professionalId },
        });
        return {
          accountId: requireId('accounts/create', account.id, 'acct_'),
          payoutsEnabled: account.payouts_enabled === true,
        };
      });
    },

    async createOnboardingLink({ accountId, returnUrl }) {
      return call('account_links/create', async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          refresh_url: returnUrl,
          return_url: returnUrl,
        });
        if (typeof link.url !== 'string' || !/^https?:\/\//.test(link.url)) {
          throw new PaymentProviderError('unavailable', 'The onboarding link has no address', {
            operation: 'account_links/create',
          });
        }
        return { url: link.url };
      });
    },

    async createTransfer({ idempotencyKey, amountCents, accountId, description, metadata }) {
      return call('transfers/create', async () => {
        const transfer = await stripe.transfers.create(
          { amount: amountCents, currency: 'usd', destination: accountId, description, metadata },
          { idempotencyKey },
        );
        return { transferId: requireId('transfers/create', transfer.id, 'tr_') };
      });
    },

    readWebhook(rawBody, signatureHeader): PaymentEvent {
      if (!signatureHeader) {
        throw new PaymentProviderError('rejected', 'The event notice is not signed', {
          operation: 'webhook',
        });
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        throw new PaymentProviderError(
          'rejected',
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? 'The event notice signature is not valid'
            : 'The event notice is not valid',
          { operation: 'webhook' },
        );
      }
      const id = event?.id;
      const object = (event?.data?.object ?? null) as {
        id?: unknown;
        last_payment_error?: StripeFailure | null;
      } | null;
      if (typeof id !== 'string' || typeof event.type !== 'string' || !object) {
        throw new PaymentProviderError('rejected', 'The event notice has no id, type or object', {
          operation: 'webhook',
        });
      }
      const objectId = () => {
        if (typeof object.id !== 'string' || object.id === '') {
          throw new PaymentProviderError('rejected', 'The event notice names no object', {
            operation: 'webhook',
            eventId: id,
            eventType: event.type,
          });
        }
        return object.id;
      };
      switch (event.type) {
        case 'account.updated':
          return {
            id,
            type: 'account.updated',
            accountId: objectId(),
            payoutsEnabled: (object as { payouts_enabled?: unknown }).payouts_enabled === true,
          };
        case 'payment_intent.succeeded':
          return { id, type: 'debit.settled', paymentId: objectId() };
        case 'payment_intent.payment_failed':
          return {
            id,
            type: 'debit.failed',
            paymentId: objectId(),
            failureReason: failureReasonOf(object.last_payment_error),
          };
        case 'transfer.reversed':
          return {
            id,
            type: 'transfer.reversed',
            transferId: objectId(),
            failureReason: 'reversed',
          };
        default:
          return { id, type: 'ignored', providerType: event.type };
      }
    },
  };
}
