import { useEffect, useRef } from 'react';
import { usePlaidLink } from 'react-plaid-link';

export interface PlaidLinkLauncherProps {
  linkToken: string;
  /** The public token and the chosen account, as Plaid Link hands them back. */
  onSuccess: (publicToken: string, accountId: string) => void;
  /** The user left Link; `failed` when Link reported an error or its script did not load. */
  onExit: (failed: boolean) => void;
}

/**
 * Opens Plaid Link as soon as its script (from cdn.plaid.com) is ready. Loaded lazily, only when
 * the server says Plaid is configured, so the sandbox build never fetches Plaid's code.
 */
export default function PlaidLinkLauncher({
  linkToken,
  onSuccess,
  onExit,
}: PlaidLinkLauncherProps) {
  const callbacks = useRef({ onSuccess, onExit });
  useEffect(() => {
    callbacks.current = { onSuccess, onExit };
  });

  const { open, ready, error } = usePlaidLink({
    token: linkToken,
    onSuccess: (publicToken, metadata) => {
      const accountId = metadata.accounts[0]?.id;
      if (publicToken && accountId) callbacks.current.onSuccess(publicToken, accountId);
      else callbacks.current.onExit(true);
    },
    onExit: (linkError) => callbacks.current.onExit(linkError !== null),
  });

  useEffect(() => {
    if (ready) open();
  }, [ready, open]);

  useEffect(() => {
    if (error) callbacks.current.onExit(true);
  }, [error]);

  return null;
}
