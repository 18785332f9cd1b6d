import {
  Configuration,
  CountryCode,
  DepositoryAccountSubtype,
  PlaidApi,
  PlaidEnvironments,
  Products,
} from 'plaid';
import type { PlaidConfig } from '../env';
import { BankLinkError, type BankLink } from './bank-link';

/** Plaid retired its Development environment in 2024; its successor (Limited Production) uses production. */
export function plaidBaseUrl(config: PlaidConfig): string {
  if (config.apiUrl) return config.apiUrl;
  return config.environment === 'sandbox'
    ? PlaidEnvironments.sandbox!
    : PlaidEnvironments.production!;
}

/** Error codes that mean our own Plaid setup is wrong, whatever the user sent. */
const CONFIGURATION_CODES = new Set([
  'INVALID_API_KEYS',
  'UNAUTHORIZED_ENVIRONMENT',
  'UNAUTHORIZED_ROUTE_ACCESS',
  'INVALID_PRODUCT',
  'PRODUCTS_NOT_SUPPORTED',
  'INVALID_LINK_CUSTOMIZATION',
  'DIRECT_INTEGRATION_NOT_ENABLED',
  'INVALID_PROCESSOR',
  'PLANNED_MAINTENANCE',
]);
/** Error types Plaid uses when the request's own data (token, account, item) is not valid. */
const INPUT_ERROR_TYPES = new Set(['INVALID_INPUT', 'INVALID_REQUEST', 'ITEM_ERROR']);

interface PlaidErrorBody {
  error_type?: unknown;
  error_code?: unknown;
  request_id?: unknown;
}

/**
 * Turns whatever the SDK threw (an axios error with Plaid's error object, a time-out, a refused
 * connection) into a BankLinkError. Only Plaid's error type/code and request id are kept: the
 * axios error also holds the request, whose body carries our secret.
 */
function toBankLinkError(operation: string, error: unknown, userInput: boolean): BankLinkError {
  if (error instanceof BankLinkError) return error;
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  const body = (response?.data ?? {}) as PlaidErrorBody;
  const errorType = typeof body.error_type === 'string' ? body.error_type : undefined;
  const errorCode = typeof body.error_code === 'string' ? body.error_code : undefined;
  const requestId = typeof body.request_id === 'string' ? body.request_id : undefined;
  const networkCode = (error as { code?: unknown } | null)?.code;
  const details = {
    operation,
    status,
    errorType,
    errorCode,
    requestId,
    ...(status === undefined && typeof networkCode === 'string' ? { networkCode } : {}),
  };
  const rejected =
    userInput &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    status !== 429 &&
    errorType !== undefined &&
    INPUT_ERROR_TYPES.has(errorType) &&
    !(errorCode && CONFIGURATION_CODES.has(errorCode));
  return new BankLinkError(
    rejected ? 'rejected' : 'unavailable',
    `Plaid ${operation} failed${errorCode ? ` (${errorCode})` : status ? ` (HTTP ${status})` : ''}`,
    details,
  );
}

function requireString(operation: string, value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new BankLinkError('unavailable', `Plaid ${operation} answered without ${field}`, {
      operation,
    });
  }
  return value;
}

export interface PlaidBankLinkOptions {
  config: PlaidConfig;
  clientName?: string;
  /** Milliseconds to wait for Plaid before giving up (default 20 s). */
  timeoutMs?: number;
}

/** Plaid through its Node SDK: Link token, public token exchange, account details, Stripe processor token. */
export function createPlaidBankLink(options: PlaidBankLinkOptions): BankLink {
  const { config } = options;
  const client = new PlaidApi(
    new Configuration({
      basePath: plaidBaseUrl(config),
      baseOptions: {
        timeout: options.timeoutMs ?? 20_000,
        headers: { 'PLAID-CLIENT-ID': config.clientId, 'PLAID-SECRET': config.secret },
      },
    }),
  );
  // Plaid documents the credentials in the body too; sending both works with every API version.
  const credentials = { client_id: config.clientId, secret: config.secret };

  async function call<T>(operation: string, userInput: boolean, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toBankLinkError(operation, error, userInput);
    }
  }

  return {
    provider: 'plaid',
    async createLinkToken(userId) {
      return call('link/token/create', false, async () => {
        const { data } = await client.linkTokenCreate({
          ...credentials,
          client_name: options.clientName ?? 'ChairFill',
          user: { client_user_id: userId },
          products: [Products.Auth],
          country_codes: [CountryCode.Us],
          language: 'en',
          account_filters: {
            depository: {
              account_subtypes: [
                DepositoryAccountSubtype.Checking,
                DepositoryAccountSubtype.Savings,
              ],
            },
          },
        });
        return {
          provider: 'plaid' as const,
          linkToken: requireString('link/token/create', data.link_token, 'link_token'),
        };
      });
    },
    async exchangePublicToken(publicToken) {
      return call('item/public_token/exchange', true, async () => {
        const { data } = await client.itemPublicTokenExchange({
          ...credentials,
          public_token: publicToken,
        });
        return {
          accessToken: requireString(
            'item/public_token/exchange',
            data.access_token,
            'access_token',
          ),
          itemId: requireString('item/public_token/exchange', data.item_id, 'item_id'),
        };
      });
    },
    async getAccount(accessToken, accountId) {
      const { account, item } = await call('accounts/get', true, async () => {
        const { data } = await client.accountsGet({
          ...credentials,
          access_token: accessToken,
          options: { account_ids: [accountId] },
        });
        const found = data.accounts?.find((a) => a.account_id === accountId);
        if (!found) {
          throw new BankLinkError('rejected', 'The account does not belong to this item', {
            operation: 'accounts/get',
          });
        }
        return { account: found, item: data.item };
      });
      let institutionName = item?.institution_name ?? undefined;
      if (!institutionName && item?.institution_id) {
        // Older API versions name the institution only by id.
        try {
          const { data } = await client.institutionsGetById({
            ...credentials,
            institution_id: item.institution_id,
            country_codes: [CountryCode.Us],
          });
          institutionName = data.institution?.name;
        } catch {
          institutionName = undefined;
        }
      }
      return {
        mask: account.mask ?? '',
        name: account.official_name || account.name || '',
        subtype: account.subtype ?? account.type ?? 'bank',
        institutionName: institutionName || 'Bank',
      };
    },
    async createBankAccountToken(accessToken, accountId) {
      return call('processor/stripe/bank_account_token/create', true, async () => {
        const { data } = await client.processorStripeBankAccountTokenCreate({
          ...credentials,
          access_token: accessToken,
          account_id: accountId,
        });
        return requireString(
          'processor/stripe/bank_account_token/create',
          data.stripe_bank_account_token,
          'stripe_bank_account_token',
        );
      });
    },
    async removeItem(accessToken) {
      await call('item/remove', true, async () => {
        await client.itemRemove({ ...credentials, access_token: accessToken });
      });
    },
  };
}
