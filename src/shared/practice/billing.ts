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
