import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ChargeDto } from '@shared/money/money-replies';
import type { Database } from '../../db/client';
import { charges, payouts, practices, professionals, shifts } from '../../db/schema';

/** Charges with what their screens show: the shift's position, both names, the payout's state. */
export async function selectCharges(
  db: Database,
  where: SQL | undefined,
  limit: number,
): Promise<ChargeDto[]> {
  const rows = await db
    .select({
      charge: charges,
      position: shifts.position,
      practiceName: practices.practiceName,
      firstName: professionals.firstName,
      lastName: professionals.lastName,
      payoutStatus: payouts.status,
    })
    .from(charges)
    .innerJoin(shifts, eq(shifts.id, charges.shiftId))
    .innerJoin(practices, eq(practices.id, charges.practiceId))
    .innerJoin(professionals, eq(professionals.id, charges.professionalId))
    .leftJoin(payouts, eq(payouts.chargeId, charges.id))
    .where(where)
    .orderBy(desc(charges.serviceDate), desc(charges.createdAt))
    .limit(limit);
  return rows.map(({ charge, ...row }) => ({
    id: charge.id,
    kind: charge.kind,
    payThrough: charge.payThrough,
    serviceDate: charge.serviceDate.toISOString(),
    position: row.position,
    practiceName: row.practiceName,
    professionalName: `${row.firstName} ${row.lastName}`.trim(),
    minutes: charge.minutes,
    rateCents: charge.rateCents,
    shiftAmountCents: charge.shiftAmountCents,
    payoutAmountCents: charge.payoutAmountCents,
    feeBasisPoints: charge.feeBasisPoints,
    feeCents: charge.feeCents,
    totalCents: charge.totalCents,
    refundedCents: charge.refundedCents,
    status: charge.status,
    failureReason: charge.failureReason,
    invoiceId: charge.invoiceId,
    createdAt: charge.createdAt.toISOString(),
    settledAt: charge.settledAt?.toISOString() ?? null,
    payoutStatus: row.payoutStatus ?? null,
  }));
}

/** A search over practice and professional names (the staff console). */
export function chargeSearch(text: string | undefined, status: ChargeDto['status'] | undefined) {
  const conditions: SQL[] = [];
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(practices.practiceName, pattern),
        ilike(sql`${professionals.firstName} || ' ' || ${professionals.lastName}`, pattern),
        ilike(sql`${charges.id}::text`, pattern),
      )!,
    );
  }
  if (status) conditions.push(eq(charges.status, status));
  return conditions.length ? and(...conditions) : undefined;
}
