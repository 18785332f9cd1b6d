import { Download, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDuration, formatShortShiftDate } from '@shared/date-format';
import { formatHourlyRate, formatMoney } from '@shared/money-format';
import { chargeKindLabels, chargeStatusLabels, moneyMessages } from '@shared/money/money-texts';
import { invoiceStatusLabels } from '@shared/money/money-replies-constants';
import type { ChargeDto, InvoiceDto } from '@shared/money/money-replies';
import { formatFeePercent, payThroughLabels } from '@shared/money/pay-terms-constants';
import { Banner } from '@web/components/ui/banner';
import { QueryState } from '@web/components/ui/query-state';
import { moneyDownloads, usePracticeMoney } from '../api/practice-money';

const statusTone: Record<ChargeDto['status'], string> = {
  pending: 'bg-slate-100 text-slate-800',
  processing: 'bg-amber-100 text-amber-900',
  settled: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  refunded: 'bg-slate-100 text-slate-800',
};

function StatusBadge({ children, tone }: { children: string; tone: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {children}
    </span>
  );
}

/** Billing → the charges (approved hours and late cancellations) and the weekly invoices. */
export function PracticeCharges({ hasPaymentMethod }: { hasPaymentMethod: boolean }) {
  const money = usePracticeMoney();
  return (
    <QueryState query={money} failed={moneyMessages.loadFailed} loadingText="Loading charges…">
      {(data) => (
        <div className="space-y-6">
          {data.paymentFailed ? (
            <Banner tone="error">{moneyMessages.paymentFailedBanner}</Banner>
          ) : !hasPaymentMethod && data.charges.some((c) => c.status === 'pending') ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
              {moneyMessages.noPaymentMethod}
            </p>
          ) : null}
          <InvoiceList invoices={data.invoices} />
          <ChargeList charges={data.charges} />
        </div>
      )}
    </QueryState>
  );
}

/** A Billing card: its heading, and its list or what to say when it is empty. */
function MoneyCard({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** Shown instead of the list when there is nothing yet. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {empty === null ? children : <p className="mt-3 text-slate-700">{empty}</p>}
    </section>
  );
}

function InvoiceList({ invoices }: { invoices: InvoiceDto[] }) {
  return (
    <MoneyCard
      id="invoices-heading"
      title={moneyMessages.invoicesTitle}
      empty={invoices.length === 0 ? moneyMessages.noInvoices : null}
    >
      <ul className="mt-3 divide-y divide-slate-200">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-ink">{invoice.number}</p>
              <p className="text-sm text-slate-700">
                {formatShortShiftDate(invoice.weekStart)} –{' '}
                {formatShortShiftDate(new Date(new Date(invoice.weekEnd).getTime() - 1))} ·{' '}
                {invoice.lineCount} {invoice.lineCount === 1 ? 'line' : 'lines'} ·{' '}
                {formatMoney(invoice.totalCents)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <StatusBadge
                tone={
                  invoice.status === 'paid'
                    ? statusTone.settled
                    : invoice.status === 'failed'
                      ? statusTone.failed
                      : statusTone.pending
                }
              >
                {invoiceStatusLabels[invoice.status]}
              </StatusBadge>
              <a
                href={moneyDownloads.invoicePdf(invoice.id)}
                download
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline hover:text-brand-800"
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                Download PDF<span className="sr-only"> of invoice {invoice.number}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </MoneyCard>
  );
}

function ChargeList({ charges }: { charges: ChargeDto[] }) {
  return (
    <MoneyCard
      id="charges-heading"
      title={moneyMessages.billingChargesTitle}
      empty={charges.length === 0 ? moneyMessages.noCharges : null}
    >
      <ul className="mt-3 divide-y divide-slate-200">
        {charges.map((charge) => (
          <li key={charge.id} className="py-3" data-testid="charge">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold text-ink">
                  {formatShortShiftDate(charge.serviceDate)} · {charge.position} ·{' '}
                  {charge.professionalName}
                </p>
                <p className="text-sm text-slate-700">
                  {chargeKindLabels[charge.kind]}: {formatDuration(charge.minutes)} at{' '}
                  {formatHourlyRate(charge.rateCents)} · {payThroughLabels[charge.payThrough]}
                </p>
              </div>
              <StatusBadge tone={statusTone[charge.status]}>
                {chargeStatusLabels[charge.status]}
              </StatusBadge>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-700">Pay</dt>
                <dd className="font-medium text-ink">
                  {charge.payThrough === 'practice_payroll'
                    ? 'Your payroll'
                    : formatMoney(charge.payoutAmountCents)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-700">Fee ({formatFeePercent(charge.feeBasisPoints)})</dt>
                <dd className="font-medium text-ink">{formatMoney(charge.feeCents)}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Total</dt>
                <dd className="font-semibold text-ink">{formatMoney(charge.totalCents)}</dd>
              </div>
            </dl>
            <p className="mt-2 text-sm">
              <a
                href={moneyDownloads.receiptPdf(charge.id)}
                download
                className="inline-flex items-center gap-1 font-semibold text-brand-700 underline hover:text-brand-800"
              >
                <Receipt className="h-4 w-4" aria-hidden="true" />
                Receipt
                <span className="sr-only">
                  {' '}
                  for {formatShortShiftDate(charge.serviceDate)}, {charge.professionalName}
                </span>
              </a>
            </p>
            {charge.status === 'failed' && charge.failureReason ? (
              <p className="mt-1 text-sm text-red-800">{charge.failureReason}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </MoneyCard>
  );
}
