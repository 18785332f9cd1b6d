import { useId, useState } from 'react';
import { CreditCard } from 'lucide-react';
import { genericErrors } from '@shared/messages';
import { billingMessages } from '@shared/practice/billing-constants';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ApiError } from '@web/lib/api-client';
import { useBilling } from '../api/billing';
import { useClearPaymentMethod } from '../api/clear-payment-method';
import { useExchangeBankToken } from '../api/exchange-bank-token';
import { useCreateLinkToken } from '../api/link-token';
import { useCreateSandboxPublicToken } from '../api/sandbox-public-token';
import { PaymentMethodCard } from './payment-method-card';
import { useBankLinkWidget } from '@web/components/bank-link/use-bank-link-widget';
import { PracticeCharges } from './practice-charges';

/**
 * Practice portal → Billing: the payment method card and the bank-linking widget. 'Update Payment
 * Method' opens the widget and the current account stays until the new one is linked; removing
 * the account is its own action, confirmed first (the server refuses it while debits are to come).
 */
export default function BillingSection() {
  const billing = useBilling();
  const createLinkToken = useCreateLinkToken();
  const sandboxPublicToken = useCreateSandboxPublicToken();
  const exchange = useExchangeBankToken();
  const clear = useClearPaymentMethod();
  const [error, setError] = useState<string | null>(null);
  /** The button that replaces the one just used, focused when it appears (keyboard users). */
  const [focusOnMount, setFocusOnMount] = useState<'connect' | 'update' | null>(null);
  const connectButtonId = useId();
  const updateButtonId = useId();
  const removeButtonId = useId();

  const widget = useBankLinkWidget({
    linkToken: createLinkToken,
    sandboxToken: sandboxPublicToken,
    exchange,
    onFailed: () => setError(billingMessages.linkFailed),
    // Set before the call: the card mounts as soon as the refreshed billing arrives.
    onLinked: () => setFocusOnMount('update'),
    // After the widget: back to the connect button, or to the new card's button once linked.
    returnFocus: () =>
      (
        document.getElementById(connectButtonId) ?? document.getElementById(updateButtonId)
      )?.focus(),
  });
  const { linking } = widget;

  const connect = () => {
    setError(null);
    widget.connect();
  };

  const [confirmingRemoval, setConfirmingRemoval] = useState(false);

  const removePaymentMethod = () => {
    setError(null);
    clear.mutate(undefined, {
      onSuccess: () => {
        setFocusOnMount('connect');
        setConfirmingRemoval(false);
      },
      onError: (cause) => {
        setConfirmingRemoval(false);
        setError(
          cause instanceof ApiError && cause.message ? cause.message : genericErrors.internal,
        );
      },
    });
  };

  const method = billing.data?.paymentMethod ?? null;

  return (
    <section aria-labelledby="billing-heading" className="max-w-3xl">
      <h1 id="billing-heading" className="text-2xl font-bold text-ink">
        Billing
      </h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
          <CreditCard className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Payment Method
        </h2>
        {error ? (
          <div className="mt-4">
            <Banner tone="error">{error}</Banner>
          </div>
        ) : null}
        <div className="mt-4">
          {billing.isPending ? (
            <p role="status" className="text-slate-700">
              Loading payment method…
            </p>
          ) : billing.isLoadingError ? (
            <Banner tone="error">
              {billing.error instanceof ApiError && billing.error.message
                ? billing.error.message
                : genericErrors.internal}
            </Banner>
          ) : method ? (
            <PaymentMethodCard
              method={method}
              onUpdate={connect}
              linking={linking}
              onRemove={() => {
                setError(null);
                setConfirmingRemoval(true);
              }}
              updateButtonId={updateButtonId}
              removeButtonId={removeButtonId}
              focusOnMount={focusOnMount === 'update'}
            />
          ) : (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="space-y-2">
                <p className="text-slate-700">
                  No payment method on file. Connect your practice&apos;s bank account to pay for
                  staffing.
                </p>
                <p className="text-sm text-slate-700">{billingMessages.debitAuthorization}</p>
              </div>
              {/* Not `disabled` while busy: focus stays here and returns here when the widget closes. */}
              <Button
                id={connectButtonId}
                onClick={connect}
                aria-disabled={linking}
                aria-busy={linking}
                autoFocus={focusOnMount === 'connect'}
              >
                {linking ? 'Connecting…' : 'Connect Bank Account'}
              </Button>
            </div>
          )}
        </div>
      </div>

      {/* Shown once the payment method is known: the card taking the loading line's place would
          otherwise push the charges down as they show (a layout shift). */}
      {billing.isPending ? null : (
        <div className="mt-6">
          <PracticeCharges hasPaymentMethod={Boolean(method)} />
        </div>
      )}
      {widget.element}
      <ConfirmDialog
        open={confirmingRemoval}
        onOpenChange={(open) => {
          if (!clear.isPending) setConfirmingRemoval(open);
        }}
        title={billingMessages.removeTitle}
        description={billingMessages.removeQuestion}
        confirmLabel={clear.isPending ? 'Removing…' : 'Remove Payment Method'}
        onConfirm={removePaymentMethod}
        // Removed: to the connect button that took the card's place; else back to Remove.
        returnFocus={() =>
          (
            document.getElementById(connectButtonId) ?? document.getElementById(removeButtonId)
          )?.focus()
        }
        pending={clear.isPending}
      />
    </section>
  );
}
