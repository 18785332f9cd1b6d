import type { Env } from '../env';
import type { PaymentProvider } from './payment-provider';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';
import { createStripePaymentProvider } from './stripe-payment-provider';

/** Stripe when STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) are set, else the offline sandbox. */
export function createPaymentProvider(env: Pick<Env, 'stripe'>): PaymentProvider {
  return env.stripe ? createStripePaymentProvider(env.stripe) : createSandboxPaymentProvider();
}
