import { Landmark } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { moneyMessages } from '@shared/money/money-texts';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { useBankLinkWidget } from '@web/components/bank-link/use-bank-link-widget';
import {
  useLinkPayoutAccount,
  usePayoutAccount,
  usePayoutLinkToken,
  usePayoutOnboardingLink,
  usePayoutSandboxToken,
} from '../api/payout-account';

/**
 * Settings → Payout account: the bank a professional's pay is sent to, linked with the same
 * widget practices pay with; linking again replaces it.
 */
export function PayoutAccountCard() {
  const account = usePayoutAccount();
  const link = useLinkPayoutAccount();
  const onboarding = usePayoutOnboardingLink();
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const buttonId = useId();
  const widget = useBankLinkWidget({
    linkToken: usePayoutLinkToken(),
    sandboxToken: usePayoutSandboxToken(),
    exchange: {
      isPending: link.isPending,
      mutate: (input, callbacks) =>
        link.mutate(input, {
          onSuccess: (output) => {
            toast.success(moneyMessages.payoutLinked);
            callbacks.onSuccess(output);
          },
          onError: callbacks.onError,
        }),
    },
    onFailed: () => setError(moneyMessages.payoutFailed),
    returnFocus: () => document.getElementById(buttonId)?.focus(),
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-ink">
        <Landmark className="h-5 w-5 text-brand-700" aria-hidden="true" />
        {moneyMessages.payoutTitle}
      </h2>
      <p className="mt-1 text-slate-700">{moneyMessages.payoutHint}</p>
      {error ? (
        <div className="mt-3">
          <Banner tone="error">{error}</Banner>
        </div>
      ) : null}
      <div className="mt-4">
        <QueryState
          query={account}
          failed={moneyMessages.loadFailed}
          loadingText="Loading payout account…"
        >
          {(data) => (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              {data.account && !data.account.payoutsEnabled ? (
                <div className="w-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 sm:order-last">
                  <p>{moneyMessages.onboardingNeeded}</p>
                  <Button
                    onClick={() =>
                      onboarding.mutate(undefined, {
                        onSuccess: ({ url }) => window.location.assign(url),
                        onError: () => setError(moneyMessages.payoutFailed),
                      })
                    }
                    aria-busy={onboarding.isPending}
                  >
                    {moneyMessages.onboardingAction}
                  </Button>
                </div>
              ) : null}
              {data.account ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-700">Bank</dt>
                  <dd className="font-semibold text-ink">{data.account.bankName}</dd>
                  <dt className="text-slate-700">Account type</dt>
                  <dd className="font-semibold text-ink capitalize">{data.account.accountType}</dd>
                  <dt className="text-slate-700">Account number</dt>
                  <dd className="font-semibold text-ink">•••• {data.account.last4}</dd>
                </dl>
              ) : (
                <p className="text-slate-700">{moneyMessages.payoutMissing}</p>
              )}
              <Button
                id={buttonId}
                variant={data.account ? 'secondary' : 'primary'}
                onClick={() => {
                  setError(null);
                  widget.connect();
                }}
                aria-disabled={widget.linking}
                aria-busy={widget.linking}
              >
                {widget.linking
                  ? 'Connecting…'
                  : data.account
                    ? 'Change payout account'
                    : 'Link payout account'}
              </Button>
            </div>
          )}
        </QueryState>
      </div>
      {widget.element}
    </section>
  );
}
