import type { LinkTokenDto, SandboxPublicTokenDto } from '@shared/practice/billing';

/** The account the user chose, as the provider describes it. */
export interface BankAccountInfo {
  /** Last digits of the account number (Plaid's `mask`); '' when the bank gives none. */
  mask: string;
  /** The account's name at the bank, e.g. 'Plaid Checking'. */
  name: string;
  /** 'checking', 'savings', ... (Plaid's account subtype, else its type). */
  subtype: string;
  institutionName: string;
}

export interface ExchangedItem {
  /** Secret: lets the server act on the linked bank; stored encrypted, never sent to a browser. */
  accessToken: string;
  itemId: string;
}

/**
 * Links a practice's bank account for payment: Plaid when configured, else a local sandbox.
 * Every failure is a BankLinkError; nothing else is thrown.
 */
export interface BankLink {
  readonly provider: LinkTokenDto['provider'];
  /** What the browser needs to open the widget for the signed-in user `userId`. */
  createLinkToken(userId: string): Promise<LinkTokenDto>;
  exchangePublicToken(publicToken: string): Promise<ExchangedItem>;
  getAccount(accessToken: string, accountId: string): Promise<BankAccountInfo>;
  /** The processor (Stripe bank account) token stored as the payment method id. */
  createBankAccountToken(accessToken: string, accountId: string): Promise<string>;
  /** Revokes the access token (best effort by callers: a failure is logged, not shown). */
  removeItem(accessToken: string): Promise<void>;
  /** The sandbox widget's stand-in for the public token Plaid Link hands the browser. */
  createSandboxPublicToken?(bankId: string, accountId: string): Promise<SandboxPublicTokenDto>;
}

/**
 * 'rejected': the token, account or item given is not valid (the user can try again) -> 400.
 * 'unavailable': the provider could not be reached or refused our configuration -> 503.
 */
export type BankLinkErrorKind = 'rejected' | 'unavailable';

export class BankLinkError extends Error {
  constructor(
    readonly kind: BankLinkErrorKind,
    message: string,
    /** Provider details safe to log (error type and code, request id); never tokens or secrets. */
    readonly details: Record<string, string | number | undefined> = {},
  ) {
    super(message);
    this.name = 'BankLinkError';
  }
}
