/**
 * Money as practices, professionals and staff read it: where each screen is, what each status is
 * called and what each action answers. One home for these texts.
 */

export const moneyPaths = {
  practiceBilling: '/practice-portal/billing',
  professionalEarnings: (portalPath: string) => `${portalPath}/earnings`,
  professionalSettings: (portalPath: string) => `${portalPath}/settings`,
  adminMoney: '/admin/money',
} as const;

export const chargeStatuses = ['pending', 'processing', 'settled', 'failed', 'refunded'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/** A charge's status on Billing, invoices and the console. */
export const chargeStatusLabels: Record<ChargeStatus, string> = {
  pending: 'Not yet charged',
  processing: 'Processing',
  settled: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

export const chargeKinds = ['worked', 'late_cancellation'] as const;
export type ChargeKind = (typeof chargeKinds)[number];
export const chargeKindLabels: Record<ChargeKind, string> = {
  worked: 'Worked hours',
  late_cancellation: 'Late cancellation',
};

export const payoutStatuses = ['waiting', 'paid', 'failed', 'cancelled'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * A professional's earning: the timesheet waits for the practice's approval ('pending') or its
 * hours are disputed ('disputed'), the hours are approved, or they are paid.
 */
export const earningStatuses = ['pending', 'disputed', 'approved', 'paid', 'payroll'] as const;
export type EarningStatus = (typeof earningStatuses)[number];
/** Not earned yet: the hours wait for approval or are disputed. */
export const waitingEarningStatuses: readonly EarningStatus[] = ['pending', 'disputed'];
export const earningStatusLabels: Record<EarningStatus, string> = {
  pending: 'Pending',
  disputed: 'Disputed',
  approved: 'Approved',
  paid: 'Paid',
  payroll: 'Paid by the practice’s payroll',
};

export const moneyMessages = {
  billingChargesTitle: 'Charges',
  loadFailed: 'Failed to load. Please try again.',
  invoicesTitle: 'Invoices',
  noCharges: 'No charges yet. Approved timesheets and late cancellations appear here.',
  noInvoices: 'No invoices yet. An invoice is made each Monday for the week before.',
  paymentFailedBanner:
    'Your last payment did not go through. Link a working bank account to pay it and to post new shifts.',
  noPaymentMethod:
    'Link a bank account so approved hours can be charged. Charges wait until you do.',
  earningsTitle: 'Earnings',
  /** The Earnings page's and the CSV's totals, each saying what it counts. */
  earningsYearTotal: (year: number) => `Total for ${year}, all shifts listed`,
  earningsEarnedTotal: 'Earned: approved and paid',
  earningsWaitingTotal: 'Not yet approved: pending and disputed',
  earningsPaidTotal: 'Paid to your bank',
  noEarnings: 'No earnings for this year yet. Shifts you work appear here.',
  downloadCsv: 'Download CSV',
  payoutTitle: 'Payout account',
  payoutHint: 'Link the bank account your pay for shifts worked through ChairFill is sent to.',
  payoutMissing: 'No payout account yet: your pay waits until you link one.',
  payoutLinked: 'Payout account linked',
  payoutFailed: 'Failed to link the payout account. Please try again.',
  onboardingNeeded:
    'Our payment partner needs a few details to verify who you are before it can pay you. Your pay waits until then.',
  onboardingAction: 'Finish payout setup',
  onboardingNotNeeded: 'Your payout account needs nothing more.',
  chargeNotFound: 'Charge not found',
  invoiceNotFound: 'Invoice not found',
  refundNoteRequired: 'Please record why the charge is refunded',
  notRefundable: 'Only a paid charge that was not refunded can be refunded.',
  refunded: 'Charge refunded',
  refundUnavailable: 'The refund could not be made just now. Please try again in a few minutes.',
  webhookRejected: 'The event notice was refused.',
} as const;
