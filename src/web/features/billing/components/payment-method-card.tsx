import { Landmark } from 'lucide-react';
import type { PaymentMethodDto } from '@shared/practice/billing';
import { Button } from '@web/components/ui/button';

interface PaymentMethodCardProps {
  method: PaymentMethodDto;
  onUpdate: () => void;
  updating: boolean;
  updateButtonId?: string;
  /** Focus the update button when the card appears (right after linking). */
  focusOnMount?: boolean;
}

/** The linked bank account: bank name, account type and the last four digits. */
export function PaymentMethodCard({
  method,
  onUpdate,
  updating,
  updateButtonId,
  focusOnMount = false,
}: PaymentMethodCardProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-4">
        <span className="rounded-full bg-brand-50 p-3 text-brand-700">
          <Landmark className="h-6 w-6" aria-hidden="true" />
        </span>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-700">Bank</dt>
          <dd className="font-semibold text-ink">{method.bankName}</dd>
          <dt className="text-slate-700">Account type</dt>
          <dd className="font-semibold text-ink capitalize">{method.accountType}</dd>
          <dt className="text-slate-700">Account number</dt>
          <dd className="font-semibold text-ink">•••• {method.last4}</dd>
        </dl>
      </div>
      <Button
        id={updateButtonId}
        variant="secondary"
        onClick={onUpdate}
        disabled={updating}
        autoFocus={focusOnMount}
      >
        {updating ? 'Updating…' : 'Update Payment Method'}
      </Button>
    </div>
  );
}
