import { z } from 'zod';

export const billingMessages = {
  linkFailed: 'Failed to link bank account. Please try again.',
} as const;

export interface PaymentMethodDto {
  type: 'bank';
  /** The bank account token from the provider (Plaid's processor token). */
  id: string;
  last4: string;
  bankName: string;
  accountType: string;
  updatedAt: string;
}

export interface BillingDto {
  /** 'plaid' when Plaid is configured, else the local sandbox widget. */
  provider: 'plaid' | 'sandbox';
  paymentMethod: PaymentMethodDto | null;
}

/** An account offered by the local sandbox widget (no real bank is contacted). */
export interface SandboxBankAccountDto {
  id: string;
  name: string;
  /** 'checking' or 'savings'. */
  subtype: string;
  mask: string;
}

export interface SandboxBankDto {
  id: string;
  name: string;
  accounts: SandboxBankAccountDto[];
}

/** POST /api/practice/billing/link-token: what the browser needs to open the bank-linking widget. */
export type LinkTokenDto =
  { provider: 'plaid'; linkToken: string } | { provider: 'sandbox'; banks: SandboxBankDto[] };

/** A short identifier from the widget; anything wrong with it is the spec's one bank-linking message. */
const widgetValue = (max: number) =>
  z
    .string({ error: billingMessages.linkFailed })
    .trim()
    .min(1, billingMessages.linkFailed)
    .max(max, billingMessages.linkFailed);

/** What the widget hands back after the user chose an account; body of POST /api/exchange-plaid-token. */
export const exchangeBankTokenSchema = z.object({
  publicToken: widgetValue(2048),
  accountId: widgetValue(256),
});
export type ExchangeBankTokenInput = z.infer<typeof exchangeBankTokenSchema>;

export interface ExchangeBankTokenDto {
  bankAccountToken: string;
}

/** Body of POST /api/practice/billing/sandbox/public-token (sandbox widget only). */
export const sandboxPublicTokenSchema = z.object({
  bankId: widgetValue(100),
  accountId: widgetValue(256),
});
export type SandboxPublicTokenInput = z.infer<typeof sandboxPublicTokenSchema>;

export interface SandboxPublicTokenDto {
  publicToken: string;
  accountId: string;
}
