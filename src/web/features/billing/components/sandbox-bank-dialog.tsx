import { useId } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Landmark, X } from 'lucide-react';
import type { SandboxBankAccountDto, SandboxBankDto } from '@shared/practice/billing';
import { Button } from '@web/components/ui/button';

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
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !linking) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
          aria-busy={linking}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-ink">
              Connect a bank account
            </Dialog.Title>
            <Dialog.Close
              className="rounded-md p-1 text-slate-700 hover:bg-slate-100 disabled:opacity-50"
              aria-label="Close"
              disabled={linking}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            Sandbox mode: choose a test bank and account. No real bank is contacted and no money
            moves.
          </Dialog.Description>
          <div className="mt-5 space-y-5">
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
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={linking}>
                Cancel
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
