import { and, eq } from 'drizzle-orm';
import { formatAddressLines } from '@shared/address-format';
import { formatDuration, formatPracticeMoment, formatShortShiftDate } from '@shared/date-format';
import { formatHourlyRate, formatMoney } from '@shared/money-format';
import { chargeKindLabels, chargeStatusLabels, moneyMessages } from '@shared/money/money-texts';
import { invoiceStatusLabels, type ChargeDto } from '@shared/money/money-replies';
import { payTermsTexts } from '@shared/money/pay-terms';
import type { Database } from '../../db/client';
import { charges, practices } from '../../db/schema';
import { DomainError } from '../domain-error';
import { selectCharges } from './charge-rows';
import { renderInvoicePdf, type InvoicePdfInput, type InvoicePdfLine } from './invoice-pdf';
import { listInvoices } from './practice-money';

/** Invoices and receipts list every line of their week; this bounds one document. */
const MAX_LINES = 5000;

function lineOf(charge: ChargeDto): InvoicePdfLine {
  const late = charge.kind === 'late_cancellation';
  return {
    date: formatShortShiftDate(charge.serviceDate),
    description: `${late ? `${chargeKindLabels.late_cancellation} · ` : ''}${charge.position} · ${charge.professionalName}`,
    hours: `${formatDuration(charge.minutes)}${late ? ' (late cancellation)' : ''}`,
    rate: formatHourlyRate(charge.rateCents),
    amount:
      charge.payThrough === 'practice_payroll'
        ? 'Practice payroll'
        : formatMoney(charge.payoutAmountCents),
    fee: formatMoney(charge.feeCents),
    total: formatMoney(charge.totalCents),
    status: chargeStatusLabels[charge.status],
  };
}

function totalsOf(lines: ChargeDto[]): InvoicePdfInput['totals'] {
  const sum = (pick: (c: ChargeDto) => number) => lines.reduce((s, c) => s + pick(c), 0);
  const total = sum((c) => c.totalCents - c.refundedCents);
  const paid = sum((c) =>
    c.status === 'settled' || c.status === 'refunded' ? c.totalCents - c.refundedCents : 0,
  );
  return {
    amount: formatMoney(sum((c) => c.payoutAmountCents)),
    fees: formatMoney(sum((c) => c.feeCents)),
    total: formatMoney(total),
    paid: formatMoney(paid),
    due: formatMoney(total - paid),
  };
}

function notesOf(lines: ChargeDto[]): string[] {
  const fees = [...new Set(lines.map((c) => c.feeBasisPoints))];
  const notes = fees.map((bp) => payTermsTexts.feeNote(bp));
  if (lines.some((c) => c.payThrough === 'practice_payroll')) {
    notes.push(
      'Shifts marked Practice payroll are paid by your payroll; only ChairFill’s fee is charged for them.',
    );
  }
  if (lines.some((c) => c.refundedCents > 0)) {
    notes.push('Refunded amounts are left out of the totals.');
  }
  return notes;
}

async function practiceHeader(db: Database, practiceId: string) {
  const [practice] = await db.select().from(practices).where(eq(practices.id, practiceId));
  if (!practice) throw new DomainError(404, 'not_found', moneyMessages.invoiceNotFound);
  return {
    name: practice.practiceName,
    addressLines: formatAddressLines(practice),
    email: practice.email,
  };
}

/** A practice's weekly invoice as a PDF, built from its charges as they stand now. */
export async function invoicePdf(db: Database, practiceId: string, invoiceId: string) {
  const [invoice] = await listInvoices(db, practiceId, invoiceId);
  if (!invoice) throw new DomainError(404, 'invoice_not_found', moneyMessages.invoiceNotFound);
  const lines = await selectCharges(db, eq(charges.invoiceId, invoiceId), MAX_LINES);
  lines.sort((a, b) => a.serviceDate.localeCompare(b.serviceDate));
  const lastDay = new Date(new Date(invoice.weekEnd).getTime() - 1);
  const pdf = await renderInvoicePdf({
    title: 'Invoice',
    number: invoice.number,
    issuedOn: formatShortShiftDate(new Date()),
    period: `${formatShortShiftDate(invoice.weekStart)} – ${formatShortShiftDate(lastDay)}`,
    status: invoiceStatusLabels[invoice.status],
    practice: await practiceHeader(db, practiceId),
    lines: lines.map(lineOf),
    totals: totalsOf(lines),
    notes: notesOf(lines),
  });
  return { pdf, fileName: `ChairFill invoice ${invoice.number}.pdf` };
}

/** One charge's receipt (a shift, or a late cancellation) as a PDF. */
export async function receiptPdf(db: Database, practiceId: string, chargeId: string) {
  const [charge] = await selectCharges(
    db,
    and(eq(charges.id, chargeId), eq(charges.practiceId, practiceId)),
    1,
  );
  if (!charge) throw new DomainError(404, 'charge_not_found', moneyMessages.chargeNotFound);
  const number = `CF-R-${charge.id.slice(0, 8).toUpperCase()}`;
  const pdf = await renderInvoicePdf({
    title: 'Receipt',
    number,
    issuedOn: formatPracticeMoment(charge.settledAt ?? charge.createdAt),
    period: formatShortShiftDate(charge.serviceDate),
    status: chargeStatusLabels[charge.status],
    practice: await practiceHeader(db, practiceId),
    lines: [lineOf(charge)],
    totals: totalsOf([charge]),
    notes: notesOf([charge]),
  });
  return { pdf, fileName: `ChairFill receipt ${number}.pdf` };
}
