import { useDeferredValue, useId, useState } from 'react';
import { formatShortShiftDate } from '@shared/date-format';
import { formatMoney } from '@shared/money-format';
import {
  chargeKindLabels,
  chargeStatuses,
  chargeStatusLabels,
  moneyMessages,
  type ChargeStatus,
} from '@shared/money/money-texts';
import type { ChargeDto } from '@shared/money/money-replies';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { useAdminMoney } from '../api/admin-money';
import { RefundDialog } from './refund-dialog';

const accountLabels = {
  practice_receivable: 'Owed by practices',
  professional_payable: 'Owed to professionals',
  platform_revenue: 'ChairFill fees',
  cash: 'Held at the payment provider',
} as const;

/**
 * Staff console → Money: the ledger's balances (and that they sum to zero), failures and disputes
 * to look at, and the charges and payouts found by a search, with refunds.
 */
export function AdminMoneySection() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ChargeStatus | ''>('');
  const deferredSearch = useDeferredValue(search.trim());
  const money = useAdminMoney(deferredSearch, status);
  const [refunding, setRefunding] = useState<ChargeDto | null>(null);
  const headingId = useId();
  const searchId = useId();
  const statusId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h1 id={headingId} className="text-2xl font-bold text-ink">
        Money
      </h1>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            Search by practice, professional or charge id
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink"
          />
        </div>
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
            Charge status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as ChargeStatus | '')}
            className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-ink"
          >
            <option value="">All</option>
            {chargeStatuses.map((option) => (
              <option key={option} value={option}>
                {chargeStatusLabels[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState query={money} failed={moneyMessages.loadFailed}>
        {(data) => (
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {(Object.keys(accountLabels) as Array<keyof typeof accountLabels>).map((account) => (
                <div key={account} className="rounded-lg border border-slate-200 bg-white p-3">
                  <dt className="text-sm text-slate-700">{accountLabels[account]}</dt>
                  <dd className="text-lg font-bold text-ink">
                    {formatMoney(Math.abs(data.balances[account]))}
                  </dd>
                </div>
              ))}
            </dl>
            <p
              className={data.ledgerTotal === 0 ? 'text-emerald-800' : 'font-semibold text-red-800'}
              data-testid="ledger-total"
            >
              {data.ledgerTotal === 0
                ? 'The ledger balances.'
                : `The ledger is out of balance by ${formatMoney(data.ledgerTotal)}.`}{' '}
              {data.failedCharges} failed {data.failedCharges === 1 ? 'charge' : 'charges'},{' '}
              {data.failedPayouts} failed {data.failedPayouts === 1 ? 'payout' : 'payouts'},{' '}
              {data.openDisputes} open {data.openDisputes === 1 ? 'dispute' : 'disputes'}.
            </p>
            <section aria-label="Charges" className="space-y-2">
              <h2 className="text-lg font-semibold text-ink">Charges</h2>
              {data.charges.length === 0 ? (
                <p className="text-slate-700">No charges found.</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
                  {data.charges.map((charge) => (
                    <li
                      key={charge.id}
                      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div>
                        <p className="font-semibold text-ink">
                          {charge.practiceName} → {charge.professionalName}
                        </p>
                        <p className="text-sm text-slate-700">
                          {formatShortShiftDate(charge.serviceDate)} ·{' '}
                          {chargeKindLabels[charge.kind]} · {formatMoney(charge.totalCents)} (fee{' '}
                          {formatMoney(charge.feeCents)}) · {chargeStatusLabels[charge.status]}
                          {charge.failureReason ? ` · ${charge.failureReason}` : ''}
                        </p>
                      </div>
                      {charge.status === 'settled' ? (
                        <Button variant="secondary" onClick={() => setRefunding(charge)}>
                          Refund<span className="sr-only"> {charge.practiceName}’s charge</span>
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label="Payouts" className="space-y-2">
              <h2 className="text-lg font-semibold text-ink">Payouts</h2>
              {data.payouts.length === 0 ? (
                <p className="text-slate-700">No payouts found.</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
                  {data.payouts.map((payout) => (
                    <li key={payout.id} className="py-3">
                      <p className="font-semibold text-ink">
                        {payout.professionalName} · {formatMoney(payout.amountCents)}
                      </p>
                      <p className="text-sm text-slate-700">
                        {payout.status === 'paid' && payout.paidAt
                          ? `Paid ${formatShortShiftDate(payout.paidAt)}`
                          : payout.status === 'waiting'
                            ? 'Waiting (settlement or payout account)'
                            : payout.status === 'cancelled'
                              ? 'Cancelled (refunded)'
                              : `Failed: ${payout.failureReason}`}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
      {refunding ? (
        <RefundDialog charge={refunding} onOpenChange={(open) => !open && setRefunding(null)} />
      ) : null}
    </section>
  );
}
