import { useId } from 'react';
import { Landmark } from 'lucide-react';
import type { SandboxBankAccountDto, SandboxBankDto } from '@shared/practice/billing';
import { Button } from '@web/components/ui/button';
import { DialogClose, ModalDialog } from '@web/components/ui/modal-dialog';

interface SandboxBankDialogProps {
  banks: SandboxBankDto[];
  /** True while the chosen account is being linked. */
  linking: boolean;
  onChoose: (bank: SandboxBankDto, account: SandboxBankAccountDto) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own to return to). */
  returnFocus: () => void;
}

/**
 * The local stand-in for Plaid Link (no PLAID_CLIENT_ID): test banks and their accounts. Choosing
 * one goes through the same public-token exchange as Plaid; no real bank is contacted.
 */
export function SandboxBankDialog({
  banks,
  linking,
  onChoose,
  onClose,
  returnFocus,
}: SandboxBankDialogProps) {
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Connect a bank account"
      description="Sandbox mode: choose a test bank and account. No real bank is contacted and no money moves."
      pending={linking}
      size="lg"
      returnFocus={returnFocus}
    >
      <div className="space-y-5">
        {banks.map((bank) => (
          <SandboxBank
            key={bank.id}
            bank={bank}
            disabled={linking}
            onChoose={(account) => onChoose(bank, account)}
          />
        ))}
      </div>
      {linking ? (
        <p role="status" className="mt-4 text-sm text-slate-700">
          Linking your account…
        </p>
      ) : null}
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={linking}>
            Cancel
          </Button>
        </DialogClose>
      </div>
    </ModalDialog>
  );
}

function SandboxBank({
  bank,
  disabled,
  onChoose,
}: {
  bank: SandboxBankDto;
  disabled: boolean;
  onChoose: (account: SandboxBankAccountDto) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
        <Landmark className="h-4 w-4 text-brand-700" aria-hidden="true" />
        {bank.name}
      </h3>
      <ul role="list" aria-labelledby={headingId} className="mt-2 space-y-2">
        {bank.accounts.map((account) => (
          <li key={account.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChoose(account)}
              className="flex w-full items-center justify-between rounded-md border border-slate-300 px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <span>
                <span className="block font-medium text-ink">{account.name}</span>
                <span className="block text-sm text-slate-700 capitalize">{account.subtype}</span>
              </span>
              <span className="text-sm font-medium text-slate-800">•••• {account.mask}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
