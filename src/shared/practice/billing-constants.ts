/**
 * The constants, texts and helpers of billing.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). billing.ts re-exports them.
 */
export const billingMessages = {
  linkFailed: 'Failed to link bank account. Please try again.',
  debitAuthorization:
    'By connecting a bank account, you authorize ChairFill to debit it for approved hours, late cancellations and ChairFill’s fees, each shown under Billing with its receipt. You can replace the account at any time.',
  removeRefused:
    'Your bank account cannot be removed while charges are pending or booked shifts are still to be worked or approved. To use another account, choose Update Payment Method.',
  removeTitle: 'Remove this bank account?',
  removeQuestion:
    'ChairFill will stop debiting this account. You can link a bank account again at any time.',
  postingBlocked:
    'Your last payment did not go through. Link a working bank account under Billing to post new shifts.',
} as const;
