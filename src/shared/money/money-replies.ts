import { z } from 'zod';
import { shiftPositions } from '../practice/shift-constants';
import { chargeKinds, chargeStatuses, earningStatuses, payoutStatuses } from './money-texts';
import { payThroughOptions } from './pay-terms-constants';
import { invoiceStatuses } from './money-replies-constants';

export * from './money-replies-constants';

const isoInstant = z.string();

/** One charge as the practice's Billing page and the staff console show it. */
export const chargeReply = z
  .object({
    id: z.string(),
    kind: z.enum(chargeKinds),
    payThrough: z.enum(payThroughOptions),
    serviceDate: isoInstant,
    position: z.enum(shiftPositions),
    practiceName: z.string(),
    professionalName: z.string(),
    minutes: z.number().int(),
    rateCents: z.number().int(),
    shiftAmountCents: z.number().int(),
    payoutAmountCents: z.number().int(),
    feeBasisPoints: z.number().int(),
    feeCents: z.number().int(),
    totalCents: z.number().int(),
    refundedCents: z.number().int(),
    status: z.enum(chargeStatuses),
    failureReason: z.string(),
    invoiceId: z.string().nullable(),
    createdAt: isoInstant,
    settledAt: isoInstant.nullable(),
    /** The professional's payout for it, when there is one. */
    payoutStatus: z.enum(payoutStatuses).nullable(),
  })
  .meta({ id: 'Charge' });

export type ChargeDto = z.infer<typeof chargeReply>;

export const invoiceReply = z
  .object({
    id: z.string(),
    number: z.string(),
    weekStart: isoInstant,
    weekEnd: isoInstant,
    lineCount: z.number().int(),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    status: z.enum(invoiceStatuses),
  })
  .meta({ id: 'Invoice' });

export type InvoiceDto = z.infer<typeof invoiceReply>;

/** GET /api/practice/billing/money: the practice's charges and invoices. */
export const practiceMoneyReply = z
  .object({
    /** A debit failed: postings wait until a working bank is linked. */
    paymentFailed: z.boolean(),
    charges: z.array(chargeReply),
    invoices: z.array(invoiceReply),
  })
  .meta({ id: 'PracticeMoney' });

export type PracticeMoneyDto = z.infer<typeof practiceMoneyReply>;

/** One shift on a professional's Earnings page. */
export const earningReply = z
  .object({
    bookingId: z.string(),
    kind: z.enum(chargeKinds),
    serviceDate: isoInstant,
    practiceName: z.string(),
    position: z.enum(shiftPositions),
    minutes: z.number().int(),
    rateCents: z.number().int(),
    amountCents: z.number().int(),
    payThrough: z.enum(payThroughOptions),
    status: z.enum(earningStatuses),
    paidAt: isoInstant.nullable(),
  })
  .meta({ id: 'Earning' });

export type EarningDto = z.infer<typeof earningReply>;

export const earningsReply = z
  .object({
    year: z.number().int(),
    /** Years with earnings, newest first (always includes the current year). */
    years: z.array(z.number().int()),
    /** Every row of the year added up: earnedCents + waitingCents. */
    totalCents: z.number().int(),
    /** Approved and paid amounts (and those the practice's payroll pays): what was earned. */
    earnedCents: z.number().int(),
    /** Hours waiting for the practice's approval or disputed: not earned yet. */
    waitingCents: z.number().int(),
    /** Paid out to the professional's bank by ChairFill. */
    paidCents: z.number().int(),
    earnings: z.array(earningReply),
  })
  .meta({ id: 'Earnings' });

export type EarningsDto = z.infer<typeof earningsReply>;

export const earningsQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Please choose a year' })
    .int('Please choose a year')
    .min(2000, 'Please choose a year')
    .max(2100, 'Please choose a year')
    .optional(),
});

export const payoutAccountReply = z
  .object({
    provider: z.enum(['plaid', 'sandbox']),
    account: z
      .object({
        bankName: z.string(),
        last4: z.string(),
        accountType: z.string(),
        updatedAt: isoInstant,
        /** False while the payment provider still needs identity details before it pays out. */
        payoutsEnabled: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'PayoutAccount' });

export type PayoutAccountDto = z.infer<typeof payoutAccountReply>;

/** The staff's money console. */
export const adminPayoutReply = z.object({
  id: z.string(),
  chargeId: z.string(),
  professionalName: z.string(),
  amountCents: z.number().int(),
  status: z.enum(payoutStatuses),
  failureReason: z.string(),
  createdAt: isoInstant,
  paidAt: isoInstant.nullable(),
});

export type AdminPayoutDto = z.infer<typeof adminPayoutReply>;

export const adminMoneyReply = z
  .object({
    balances: z.object({
      practice_receivable: z.number().int(),
      professional_payable: z.number().int(),
      platform_revenue: z.number().int(),
      cash: z.number().int(),
    }),
    /** The sum of every ledger line: 0 when the books balance. */
    ledgerTotal: z.number().int(),
    failedCharges: z.number().int(),
    failedPayouts: z.number().int(),
    openDisputes: z.number().int(),
    charges: z.array(chargeReply),
    payouts: z.array(adminPayoutReply),
  })
  .meta({ id: 'AdminMoney' });

export type AdminMoneyDto = z.infer<typeof adminMoneyReply>;

export const adminMoneyQuerySchema = z.object({
  search: z.string().trim().max(100, 'Please search with at most 100 characters').optional(),
  status: z.enum(chargeStatuses, { error: 'Please choose a status' }).optional(),
});

export const refundChargeSchema = z.object({
  note: z
    .string({ error: 'Please record why the charge is refunded' })
    .trim()
    .min(1, 'Please record why the charge is refunded')
    .max(1000, 'Please keep the note under 1000 characters'),
});
