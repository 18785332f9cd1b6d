import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once';
import { ledgerLines } from '../../db/schema';
import type { Database } from '../../db/client';
import type { Tx } from '../marketplace/db-transaction';

export type LedgerAccount = (typeof ledgerLines.$inferInsert)['account'];
export type LedgerEvent = (typeof ledgerLines.$inferInsert)['event'];

export interface LedgerLine {
  account: LedgerAccount;
  /** Debit positive, credit negative. */
  amountCents: number;
}

/**
 * Writes one balanced entry: its lines sum to zero, or nothing is written and this throws (a
 * programming error, never a user's). Lines of 0 are left out; the ids tie the entry to what it
 * is for. Called inside the transaction that changes the charge or payout it records.
 */
export async function postLedgerEntry(
  tx: Tx,
  entry: {
    event: LedgerEvent;
    lines: LedgerLine[];
    practiceId?: string | null;
    professionalId?: string | null;
    chargeId?: string | null;
    payoutId?: string | null;
    now: Date;
  },
): Promise<void> {
  const lines = entry.lines.filter((line) => line.amountCents !== 0);
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0 || lines.some((line) => !Number.isInteger(line.amountCents))) {
    throw new Error(`Unbalanced ledger entry (${entry.event}): ${JSON.stringify(lines)}`);
  }
  if (lines.length === 0) return;
  await insertLedgerLines(tx, {
    entryId: randomUUID(),
    event: entry.event,
    accounts: lines.map((line) => line.account),
    amounts: lines.map((line) => line.amountCents),
    practiceId: entry.practiceId ?? null,
    professionalId: entry.professionalId ?? null,
    chargeId: entry.chargeId ?? null,
    payoutId: entry.payoutId ?? null,
    createdAt: entry.now.toISOString(),
  });
}

/** Built once: an entry's lines (any number) from two arrays, in one statement. */
const insertLedgerLines = builtOnce((db) =>
  db.insert(ledgerLines).select(
    // Every column in the table's order, the id from its own sequence.
    sql`select nextval(pg_get_serial_sequence('ledger_lines', 'id')), ${sql.placeholder('entryId')}::uuid, ${sql.placeholder('event')}::text,
      line.account, line.amount_cents,
      ${sql.placeholder('practiceId')}::uuid, ${sql.placeholder('professionalId')}::uuid,
      ${sql.placeholder('chargeId')}::uuid, ${sql.placeholder('payoutId')}::uuid,
      ${sql.placeholder('createdAt')}::timestamptz
    from unnest(${sql.placeholder('accounts')}::text[], ${sql.placeholder('amounts')}::integer[])
      as line(account, amount_cents)`,
  ),
);

/** The balance of every account (debits positive) and their sum, which is always zero. */
export async function ledgerBalances(db: Pick<Database, 'select'>) {
  const rows = await db
    .select({
      account: ledgerLines.account,
      balance: sql<string>`coalesce(sum(${ledgerLines.amountCents}), 0)::bigint`,
    })
    .from(ledgerLines)
    .groupBy(ledgerLines.account);
  const balances: Record<LedgerAccount, number> = {
    practice_receivable: 0,
    professional_payable: 0,
    platform_revenue: 0,
    cash: 0,
  };
  for (const row of rows) balances[row.account] = Number(row.balance);
  const total = Object.values(balances).reduce((sum, value) => sum + value, 0);
  return { balances, total };
}
