import { Landmark } from 'lucide-react';
import type { PaymentMethodDto } from '@shared/practice/billing';
import { Button } from '@web/components/ui/button';

interface PaymentMethodCardProps {
  method: PaymentMethodDto;
  /** Opens the bank-linking widget; the account shown stays until a new one is linked. */
  onUpdate: () => void;
  linking: boolean;
  /** Asks to remove the account (its own confirmed action). */
  onRemove: () => void;
  updateButtonId?: string;
  removeButtonId?: string;
  /** Focus the update button when the card appears (right after linking). */
  focusOnMount?: boolean;
}

/** The linked bank account: bank name, account type and the last four digits. */
export function PaymentMethodCard({
  method,
  onUpdate,
  linking,
  onRemove,
  updateButtonId,
  removeButtonId,
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
      <div className="flex flex-col gap-2 sm:items-end">
        {/* Not `disabled` while busy: focus stays here and returns here when the widget closes. */}
        <Button
          id={updateButtonId}
          variant="secondary"
          onClick={onUpdate}
          aria-disabled={linking}
          aria-busy={linking}
          autoFocus={focusOnMount}
        >
          {linking ? 'Connecting…' : 'Update Payment Method'}
        </Button>
        <Button id={removeButtonId} variant="ghost" onClick={onRemove} disabled={linking}>
          Remove Payment Method
        </Button>
      </div>
    </div>
  );
}
