import { Suspense, useState, type ReactNode } from 'react';
import type {
  ExchangeBankTokenInput,
  LinkTokenDto,
  SandboxBankAccountDto,
  SandboxBankDto,
  SandboxPublicTokenDto,
  SandboxPublicTokenInput,
} from '@shared/practice/billing';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { SandboxBankDialog } from './sandbox-bank-dialog';

// Plaid Link's React binding is fetched only when the server uses Plaid.
const PlaidLinkLauncher = lazyChunk(() => import('./plaid-link-launcher'));

type Widget =
  | { provider: 'sandbox'; banks: SandboxBankDto[] }
  | { provider: 'plaid'; linkToken: string }
  | null;

/** A mutation as the widget uses it (react-query's `mutate` with callbacks, and its state). */
interface Step<Input, Output> {
  mutate(
    input: Input,
    callbacks: { onSuccess: (output: Output) => void; onError: () => void },
  ): void;
  isPending: boolean;
}

/**
 * The bank-linking widget (Plaid Link, or the sandbox's test banks) for any bank a person links:
 * a practice's payment method or a professional's payout bank. The caller supplies the three
 * server calls; `connect` opens the widget, `element` renders it, `onFailed` shows the message.
 */
export function useBankLinkWidget(input: {
  linkToken: Step<void, LinkTokenDto>;
  sandboxToken: Step<SandboxPublicTokenInput, SandboxPublicTokenDto>;
  exchange: Step<ExchangeBankTokenInput, unknown>;
  onFailed: () => void;
  onLinked?: () => void;
  /** Where focus goes when the widget closes. */
  returnFocus: () => void;
}): { connect: () => void; linking: boolean; element: ReactNode } {
  const { linkToken, sandboxToken, exchange } = input;
  const [widget, setWidget] = useState<Widget>(null);
  const linking = linkToken.isPending || sandboxToken.isPending || exchange.isPending;

  const failed = () => {
    setWidget(null);
    input.onFailed();
  };

  const exchangeToken = (publicToken: string, accountId: string) => {
    input.onLinked?.();
    exchange.mutate(
      { publicToken, accountId },
      { onSuccess: () => setWidget(null), onError: failed },
    );
  };

  const chooseSandboxAccount = (bank: SandboxBankDto, account: SandboxBankAccountDto) => {
    sandboxToken.mutate(
      { bankId: bank.id, accountId: account.id },
      { onSuccess: (token) => exchangeToken(token.publicToken, token.accountId), onError: failed },
    );
  };

  const connect = () => {
    if (linking || widget !== null) return;
    linkToken.mutate(undefined, { onSuccess: setWidget, onError: failed });
  };

  const element = (
    <>
      {widget?.provider === 'sandbox' ? (
        <SandboxBankDialog
          banks={widget.banks}
          linking={sandboxToken.isPending || exchange.isPending}
          onChoose={chooseSandboxAccount}
          onClose={() => setWidget(null)}
          returnFocus={input.returnFocus}
        />
      ) : null}
      {widget?.provider === 'plaid' ? (
        <Suspense fallback={null}>
          <PlaidLinkLauncher
            linkToken={widget.linkToken}
            onSuccess={exchangeToken}
            onExit={(withError) => (withError ? failed() : setWidget(null))}
          />
        </Suspense>
      ) : null}
    </>
  );
  return { connect, linking, element };
}
