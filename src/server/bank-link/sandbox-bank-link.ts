import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SandboxBankDto } from '@shared/practice/billing';
import { deriveKey } from '../crypto/secret-box';
import { BankLinkError, type BankLink } from './bank-link';

/**
 * The sandbox account whose debits come back unpaid (the payment sandbox fails them), so the
 * failure path can be tried without a real bank.
 */
export const SANDBOX_RETURNS_MASK = '0002';

/** The test banks the sandbox widget offers; nothing here reaches a real bank. */
export const sandboxBanks: readonly SandboxBankDto[] = [
  {
    id: 'first-platypus',
    name: 'First Platypus Bank',
    accounts: [
      {
        id: 'sandbox-first-platypus-checking',
        name: 'Platypus Checking',
        subtype: 'checking',
        mask: '0000',
      },
      {
        id: 'sandbox-first-platypus-savings',
        name: 'Platypus Savings',
        subtype: 'savings',
        mask: '1111',
      },
    ],
  },
  {
    id: 'tartan',
    name: 'Tartan Bank',
    accounts: [
      {
        id: 'sandbox-tartan-checking',
        name: 'Tartan Business Checking',
        subtype: 'checking',
        mask: '6789',
      },
      { id: 'sandbox-tartan-savings', name: 'Tartan Savings', subtype: 'savings', mask: '4321' },
      {
        id: 'sandbox-tartan-low-balance',
        name: 'Tartan Low Balance Checking',
        subtype: 'checking',
        mask: SANDBOX_RETURNS_MASK,
      },
    ],
  },
  {
    id: 'houndstooth',
    name: 'Houndstooth Bank',
    accounts: [
      {
        id: 'sandbox-houndstooth-checking',
        name: 'Houndstooth Checking',
        subtype: 'checking',
        mask: '2468',
      },
      {
        id: 'sandbox-houndstooth-savings',
        name: 'Houndstooth Savings',
        subtype: 'savings',
        mask: '1357',
      },
    ],
  },
];

/** Public tokens expire like Plaid's (30 minutes). */
const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;
const PUBLIC_PREFIX = 'public-sandbox-';
const ACCESS_PREFIX = 'access-sandbox-';

interface PublicTokenPayload {
  v: 1;
  /** bank id */
  b: string;
  /** expiry, ms since epoch */
  e: number;
  /** nonce, so two tokens for the same bank differ */
  n: string;
}

interface AccessTokenPayload {
  v: 1;
  b: string;
  /** item id */
  i: string;
}

function rejected(message: string): BankLinkError {
  return new BankLinkError('rejected', message);
}

/**
 * A bank link that needs no network and keeps no state: its tokens are HMAC-signed (key derived
 * from the auth secret) and carry the chosen test bank, so any server instance sharing the secret
 * accepts them. Reuse of a sandbox public token within its 30 minutes is not detected.
 */
export function createSandboxBankLink(options: { secret: string; now?: () => number }): BankLink {
  const key = deriveKey(options.secret, 'sandbox-bank-link');
  const now = options.now ?? Date.now;

  const sign = (kind: string, body: string) =>
    createHmac('sha256', key).update(`${kind}.${body}`).digest('base64url');

  const encode = (kind: string, prefix: string, payload: object) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${prefix}${body}.${sign(kind, body)}`;
  };

  const decode = <T>(kind: string, prefix: string, token: string): T | null => {
    if (!token.startsWith(prefix)) return null;
    const [body, signature, extra] = token.slice(prefix.length).split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(kind, body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  };

  const bankById = (id: string) => sandboxBanks.find((bank) => bank.id === id);

  const openAccessToken = (accessToken: string) => {
    const payload = decode<AccessTokenPayload>('access', ACCESS_PREFIX, accessToken);
    const bank = payload?.v === 1 ? bankById(payload.b) : undefined;
    if (!bank) throw rejected('Invalid sandbox access token');
    return bank;
  };

  const accountOf = (accessToken: string, accountId: string) => {
    const bank = openAccessToken(accessToken);
    const account = bank.accounts.find((a) => a.id === accountId);
    if (!account) throw rejected('The account does not belong to this item');
    return { bank, account };
  };

  return {
    provider: 'sandbox',
    async createLinkToken() {
      return { provider: 'sandbox', banks: sandboxBanks.map((bank) => structuredClone(bank)) };
    },
    async createSandboxPublicToken(bankId, accountId) {
      const bank = bankById(bankId);
      if (!bank?.accounts.some((a) => a.id === accountId)) throw rejected('Unknown test account');
      const payload: PublicTokenPayload = {
        v: 1,
        b: bank.id,
        e: now() + PUBLIC_TOKEN_TTL_MS,
        n: randomBytes(8).toString('base64url'),
      };
      return { publicToken: encode('public', PUBLIC_PREFIX, payload), accountId };
    },
    async exchangePublicToken(publicToken) {
      const payload = decode<PublicTokenPayload>('public', PUBLIC_PREFIX, publicToken);
      if (!payload || payload.v !== 1 || !bankById(payload.b)) {
        throw rejected('Invalid sandbox public token');
      }
      if (typeof payload.e !== 'number' || payload.e < now()) {
        throw rejected('Expired sandbox public token');
      }
      const itemId = `item-sandbox-${randomUUID()}`;
      const access: AccessTokenPayload = { v: 1, b: payload.b, i: itemId };
      return { accessToken: encode('access', ACCESS_PREFIX, access), itemId };
    },
    async getAccount(accessToken, accountId) {
      const { bank, account } = accountOf(accessToken, accountId);
      return {
        mask: account.mask,
        name: account.name,
        subtype: account.subtype,
        institutionName: bank.name,
      };
    },
    async createBankAccountToken(accessToken, accountId) {
      const { account } = accountOf(accessToken, accountId);
      // The account's last digits ride along so the payment sandbox knows the test account.
      return `btok_sandbox_${account.mask}_${randomBytes(12).toString('hex')}`;
    },
    async removeItem(accessToken) {
      openAccessToken(accessToken);
    },
  };
}
