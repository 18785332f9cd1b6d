import { describe, expect, it } from 'vitest';
import { BankLinkError } from '../../src/server/bank-link/bank-link';
import { createBankLink } from '../../src/server/bank-link/create-bank-link';
import {
  createSandboxBankLink,
  SANDBOX_RETURNS_MASK,
  sandboxBanks,
} from '../../src/server/bank-link/sandbox-bank-link';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456789';

async function rejection(promise: Promise<unknown>): Promise<BankLinkError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BankLinkError);
    return error as BankLinkError;
  }
  throw new Error('expected a BankLinkError');
}

describe('sandbox bank link', () => {
  it('is chosen when Plaid is not configured', () => {
    expect(createBankLink({ plaid: undefined, authSecret: SECRET }).provider).toBe('sandbox');
    expect(
      createBankLink({
        authSecret: SECRET,
        plaid: { clientId: 'id', secret: 's', environment: 'sandbox', apiUrl: undefined },
      }).provider,
    ).toBe('plaid');
  });

  it('offers three test banks, each with a checking and a savings account (and one whose debits return)', async () => {
    const link = createSandboxBankLink({ secret: SECRET });
    const token = await link.createLinkToken('user-1');
    expect(token.provider).toBe('sandbox');
    if (token.provider !== 'sandbox') return;
    expect(token.banks.map((b) => b.name)).toEqual([
      'First Platypus Bank',
      'Tartan Bank',
      'Houndstooth Bank',
    ]);
    for (const bank of token.banks) {
      const ordinary = bank.accounts.filter((a) => a.mask !== SANDBOX_RETURNS_MASK);
      expect(ordinary.map((a) => a.subtype).sort()).toEqual(['checking', 'savings']);
      for (const account of bank.accounts) expect(account.mask).toMatch(/^\d{4}$/);
    }
  });

  it('works across instances sharing the secret (no state in memory)', async () => {
    const one = createSandboxBankLink({ secret: SECRET });
    const two = createSandboxBankLink({ secret: SECRET });
    const bank = sandboxBanks[1]!;
    const account = bank.accounts[0]!;
    const { publicToken } = await one.createSandboxPublicToken!(bank.id, account.id);
    const item = await two.exchangePublicToken(publicToken);
    expect(item.itemId).toMatch(/^item-sandbox-/);
    const info = await one.getAccount(item.accessToken, account.id);
    expect(info).toEqual({
      mask: account.mask,
      name: account.name,
      subtype: account.subtype,
      institutionName: bank.name,
    });
    expect(await two.createBankAccountToken(item.accessToken, account.id)).toMatch(
      /^btok_sandbox_\d{4}_[0-9a-f]{24}$/,
    );
    await expect(two.removeItem(item.accessToken)).resolves.toBeUndefined();
  });

  it('rejects forged, tampered, foreign, expired and mismatched tokens', async () => {
    const link = createSandboxBankLink({ secret: SECRET });
    const bank = sandboxBanks[0]!;
    const { publicToken } = await link.createSandboxPublicToken!(bank.id, bank.accounts[0]!.id);

    expect((await rejection(link.exchangePublicToken('public-sandbox-forged'))).kind).toBe(
      'rejected',
    );
    const tampered = `${publicToken.slice(0, -2)}${publicToken.endsWith('A') ? 'BB' : 'AA'}`;
    await rejection(link.exchangePublicToken(tampered));
    const foreign = createSandboxBankLink({ secret: `${SECRET}-other` });
    await rejection(foreign.exchangePublicToken(publicToken));

    const past = createSandboxBankLink({ secret: SECRET, now: () => Date.now() - 31 * 60_000 });
    const old = await past.createSandboxPublicToken!(bank.id, bank.accounts[0]!.id);
    expect((await rejection(link.exchangePublicToken(old.publicToken))).message).toMatch(/Expired/);

    const item = await link.exchangePublicToken(publicToken);
    // An access token is not a public token, and the reverse.
    await rejection(link.exchangePublicToken(item.accessToken));
    await rejection(link.getAccount(publicToken, bank.accounts[0]!.id));
    // An account of another bank does not belong to this item.
    await rejection(link.getAccount(item.accessToken, sandboxBanks[2]!.accounts[0]!.id));
    await rejection(link.createBankAccountToken(item.accessToken, 'nope'));
    await rejection(link.createSandboxPublicToken!('no-bank', 'x'));
    await rejection(link.createSandboxPublicToken!(bank.id, sandboxBanks[1]!.accounts[0]!.id));
  });
});
