import { z } from 'zod';
import { billingMessages } from './billing-constants';

export * from './billing-constants';

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

/** Body of POST /api/practice/billing/sandbox/public-token (sandbox widget only). */
export const sandboxPublicTokenSchema = z.object({
  bankId: widgetValue(100),
  accountId: widgetValue(256),
});

export type SandboxPublicTokenInput = z.infer<typeof sandboxPublicTokenSchema>;

/** The billing page's answers as zod schemas (types inferred from them). */
export const paymentMethodReply = z
  .object({
    type: z.literal('bank'),
    /** The bank account token from the provider (Plaid's processor token). */
    id: z.string(),
    last4: z.string(),
    bankName: z.string(),
    accountType: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PaymentMethod' });

export const billingReply = z
  .object({
    /** 'plaid' when Plaid is configured, else the local sandbox widget. */
    provider: z.enum(['plaid', 'sandbox']),
    paymentMethod: paymentMethodReply.nullable(),
  })
  .meta({ id: 'Billing' });

/** A bank offered by the local sandbox widget (no real bank is contacted). */
const sandboxBankReply = z.object({
  id: z.string(),
  name: z.string(),
  accounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** 'checking' or 'savings'. */
      subtype: z.string(),
      mask: z.string(),
    }),
  ),
});

/** POST /api/practice/billing/link-token: what the browser needs to open the bank-linking widget. */
export const linkTokenReply = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('plaid'), linkToken: z.string() }),
    z.object({ provider: z.literal('sandbox'), banks: z.array(sandboxBankReply) }),
  ])
  .meta({ id: 'LinkToken' });

export const exchangeBankTokenReply = z.object({ bankAccountToken: z.string() });

export const sandboxPublicTokenReply = z.object({ publicToken: z.string(), accountId: z.string() });

export type PaymentMethodDto = z.infer<typeof paymentMethodReply>;

export type BillingDto = z.infer<typeof billingReply>;

export type SandboxBankDto = z.infer<typeof sandboxBankReply>;

export type SandboxBankAccountDto = SandboxBankDto['accounts'][number];

export type LinkTokenDto = z.infer<typeof linkTokenReply>;

export type ExchangeBankTokenDto = z.infer<typeof exchangeBankTokenReply>;

export type SandboxPublicTokenDto = z.infer<typeof sandboxPublicTokenReply>;
