import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceDto, PracticeMoneyDto } from '@shared/money/money-replies';
import type { Database } from '../../db/client';
import { charges, invoices, practices } from '../../db/schema';
import { keptAnswer } from '../kept-answer-registry';
import { selectCharges } from './charge-rows';

/** The charges a practice's Billing page lists (newest shifts first). */
const CHARGES_SHOWN = 100;
const INVOICES_SHOWN = 52;

/**
 * Billing's JSON as GET /api/practice/billing/money sends it: kept in the server's memory
 * (kept-answers.ts) until the practice's charges, invoices, payouts or payment hold change, or a
 * professional it lists changes their name (migration 0017's triggers).
 */
export async function practiceMoneyJson(
  db: Database,
  practiceId: string,
  userId: string,
): Promise<string> {
  return keptAnswer(db, 'practice-money', [practiceId], async () => {
    const money = await getPracticeMoney(db, practiceId);
    const professionalIds = await db
      .selectDistinct({ id: charges.professionalId })
      .from(charges)
      .where(inArray(charges.id, money.charges.map((c) => c.id).concat(NO_ID)));
    return {
      body: JSON.stringify(money),
      tags: [
        `practice:${practiceId}`,
        `user:${userId}`,
        ...professionalIds.map((row) => `professional:${row.id}`),
      ],
      expiresAt: Infinity,
    };
  });
}

/** A uuid no row has, so an `in` list is never empty. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The practice's charges, weekly invoices and whether a failed payment holds its postings. */
export async function getPracticeMoney(
  db: Database,
  practiceId: string,
): Promise<PracticeMoneyDto> {
  const [practice] = await db
    .select({ paymentFailedAt: practices.paymentFailedAt })
    .from(practices)
    .where(eq(practices.id, practiceId));
  return {
    paymentFailed: Boolean(practice?.paymentFailedAt),
    charges: await selectCharges(db, eq(charges.practiceId, practiceId), CHARGES_SHOWN),
    invoices: await listInvoices(db, practiceId),
  };
}

/** Invoice totals are derived from their charges whenever they are read. */
export async function listInvoices(
  db: Database,
  practiceId: string,
  invoiceId?: string,
): Promise<InvoiceDto[]> {
  const rows = await db
    .select({
      invoice: invoices,
      lineCount: sql<number>`count(${charges.id})::int`,
      totalCents: sql<number>`coalesce(sum(${charges.totalCents} - ${charges.refundedCents}), 0)::int`,
      paidCents: sql<number>`coalesce(sum(case when ${charges.status} in ('settled', 'refunded') then ${charges.totalCents} - ${charges.refundedCents} else 0 end), 0)::int`,
      failed: sql<number>`count(*) filter (where ${charges.status} = 'failed')::int`,
    })
    .from(invoices)
    .leftJoin(charges, eq(charges.invoiceId, invoices.id))
    .where(
      invoiceId
        ? sql`${invoices.practiceId} = ${practiceId} and ${invoices.id} = ${invoiceId}`
        : eq(invoices.practiceId, practiceId),
    )
    .groupBy(invoices.id)
    .orderBy(desc(invoices.weekStart))
    .limit(INVOICES_SHOWN);
  return rows.map((row) => ({
    id: row.invoice.id,
    number: row.invoice.number,
    weekStart: row.invoice.weekStart.toISOString(),
    weekEnd: row.invoice.weekEnd.toISOString(),
    lineCount: row.lineCount,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    status: row.failed > 0 ? 'failed' : row.paidCents >= row.totalCents ? 'paid' : 'open',
  }));
}
