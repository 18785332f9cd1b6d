import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerLines } from '../../src/server/db/schema';
import { postLedgerEntry } from '../../src/server/services/money/ledger';
import { migratedDatabaseForFile } from '../support/migrated-database';

/** postLedgerEntry: one balanced entry, its lines in one statement, lines of 0 left out. */
describe('ledger entries', () => {
  const opened = migratedDatabaseForFile();

  it('writes every non-zero line of an entry with its ids and time, and nothing for an unbalanced one', async () => {
    const { db } = opened();
    const now = new Date('2026-11-27T15:00:00.000Z');
    await db.transaction((tx) =>
      postLedgerEntry(tx, {
        event: 'charge',
        now,
        lines: [
          { account: 'practice_receivable', amountCents: 15_000 },
          { account: 'professional_payable', amountCents: -12_000 },
          { account: 'platform_revenue', amountCents: -3_000 },
          { account: 'platform_revenue', amountCents: 0 },
        ],
      }),
    );
    await expect(
      db.transaction((tx) =>
        postLedgerEntry(tx, {
          event: 'charge',
          now,
          lines: [{ account: 'practice_receivable', amountCents: 1 }],
        }),
      ),
    ).rejects.toThrow(/Unbalanced/);
    await db.transaction((tx) =>
      postLedgerEntry(tx, {
        event: 'payout',
        now,
        lines: [
          { account: 'professional_payable', amountCents: 12_000 },
          { account: 'cash', amountCents: -12_000 },
        ],
      }),
    );

    const rows = await db.select().from(ledgerLines).orderBy(asc(ledgerLines.id));
    expect(
      rows.map((row) => [row.event, row.account, row.amountCents, row.createdAt.toISOString()]),
    ).toEqual([
      ['charge', 'practice_receivable', 15_000, now.toISOString()],
      ['charge', 'professional_payable', -12_000, now.toISOString()],
      ['charge', 'platform_revenue', -3_000, now.toISOString()],
      ['payout', 'professional_payable', 12_000, now.toISOString()],
      ['payout', 'cash', -12_000, now.toISOString()],
    ]);
    expect(new Set(rows.slice(0, 3).map((row) => row.entryId)).size).toBe(1);
    expect(rows[3]!.entryId).toBe(rows[4]!.entryId);
    expect(rows[0]!.entryId).not.toBe(rows[3]!.entryId);
    expect(rows.every((row) => row.practiceId === null && row.chargeId === null)).toBe(true);
  });
});
