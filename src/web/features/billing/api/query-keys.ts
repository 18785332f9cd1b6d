/** The practice's payment method. */
export const billingKeys = {
  billing: ['practice', 'billing'],
  /** Charges and weekly invoices. */
  money: ['practice', 'billing', 'money'],
} as const;
