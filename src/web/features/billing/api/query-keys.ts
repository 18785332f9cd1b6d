/** The practice's payment method. */
export const billingKeys = {
  billing: ['practice', 'billing'],
} as const;
