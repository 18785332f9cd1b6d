/**
 * The constants, texts and helpers of money-replies.ts, without its zod schemas: the web's first screens
 * use them without loading zod (decision record 036). money-replies.ts re-exports them.
 */
export const invoiceStatuses = ['open', 'paid', 'failed'] as const;

export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  failed: 'Payment failed',
};
