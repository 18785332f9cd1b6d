import type { Env } from '../env';
import type { BankLink } from './bank-link';
import { createPlaidBankLink, plaidBaseUrl } from './plaid-bank-link';
import { createSandboxBankLink } from './sandbox-bank-link';

/** Plaid when PLAID_CLIENT_ID (and PLAID_SECRET) are set, else the local sandbox widget. */
export function createBankLink(env: Pick<Env, 'plaid' | 'authSecret'>): BankLink {
  return env.plaid
    ? createPlaidBankLink({ config: env.plaid })
    : createSandboxBankLink({ secret: env.authSecret });
}

/**
 * Origins the page must allow for the bank-linking widget (Content-Security-Policy): Plaid Link's
 * script and frame come from its CDN and it talks to the environment's Plaid host. None for the
 * sandbox widget, which is our own code.
 */
export function bankLinkOrigins(env: Pick<Env, 'plaid'>): { cdn: string[]; api: string[] } {
  if (!env.plaid) return { cdn: [], api: [] };
  const api = new URL(plaidBaseUrl({ ...env.plaid, apiUrl: undefined })).origin;
  return { cdn: ['https://cdn.plaid.com'], api: [api] };
}
