import { priceCharge, type PayThrough } from '@shared/money/pay-terms';
import { builtOnce, runValue } from '../../db/built-once';
import { charges, type timesheets } from '../../db/schema';
import type { Tx } from '../marketplace/db-transaction';
import { postLedgerEntry } from './ledger';

export type ChargeKind = (typeof charges.$inferInsert)['kind'];

/** Built once (every approved timesheet and late cancellation); nothing when there is one. */
const insertCharge = builtOnce((db) =>
  db
    .insert(charges)
    .values({
      practiceId: runValue('practiceId', 'uuid'),
      professionalId: runValue('professionalId', 'uuid'),
      shiftId: runValue('shiftId', 'uuid'),
      bookingId: runValue('bookingId', 'uuid'),
      timesheetId: runValue('timesheetId', 'uuid'),
      kind: runValue('kind', 'text'),
      payThrough: runValue('payThrough', 'text'),
      minutes: runValue('minutes', 'integer'),
      rateCents: runValue('rateCents', 'integer'),
      feeBasisPoints: runValue('feeBasisPoints', 'integer'),
      shiftAmountCents: runValue('shiftAmountCents', 'integer'),
      payoutAmountCents: runValue('payoutAmountCents', 'integer'),
      feeCents: runValue('feeCents', 'integer'),
      totalCents: runValue('totalCents', 'integer'),
      serviceDate: runValue('serviceDate', 'timestamptz'),
      createdAt: runValue('createdAt', 'timestamptz'),
    })
    .onConflictDoNothing({ target: [charges.bookingId, charges.kind] })
    .returning({ id: charges.id }),
);

/**
 * Records what a practice owes for one booking (its worked hours, or a late cancellation) and
 * posts it to the ledger: the practice owes the total, ChairFill owes the professional their pay
 * (nothing when the practice pays them through its payroll) and earns its fee. At most one charge
 * per booking and kind (the unique index decides between two at once); returns its id, or null
 * when there was one already.
 */
export async function recordCharge(
  tx: Tx,
  input: {
    kind: ChargeKind;
    booking: { id: string; shiftId: string; practiceId: string; professionalId: string };
    timesheetId: string | null;
    minutes: number;
    rateCents: number;
    payThrough: PayThrough;
    feeBasisPoints: number;
    serviceDate: Date;
    now: Date;
  },
): Promise<string | null> {
  const price = priceCharge(input);
  const [row] = await insertCharge(tx, {
    practiceId: input.booking.practiceId,
    professionalId: input.booking.professionalId,
    shiftId: input.booking.shiftId,
    bookingId: input.booking.id,
    timesheetId: input.timesheetId,
    kind: input.kind,
    payThrough: input.payThrough,
    minutes: input.minutes,
    rateCents: input.rateCents,
    feeBasisPoints: input.feeBasisPoints,
    ...price,
    serviceDate: input.serviceDate.toISOString(),
    createdAt: input.now.toISOString(),
  });
  if (!row) return null;
  await postLedgerEntry(tx, {
    event: 'charge',
    practiceId: input.booking.practiceId,
    professionalId: input.booking.professionalId,
    chargeId: row.id,
    now: input.now,
    lines: [
      { account: 'practice_receivable', amountCents: price.totalCents },
      { account: 'professional_payable', amountCents: -price.payoutAmountCents },
      { account: 'platform_revenue', amountCents: -price.feeCents },
    ],
  });
  return row.id;
}

/**
 * The charge for a timesheet just approved: its worked minutes at its rate, under its shift's
 * terms (both as the approval read them).
 */
export async function chargeApprovedTimesheet(
  tx: Tx,
  timesheet: Pick<
    typeof timesheets.$inferSelect,
    'id' | 'bookingId' | 'shiftId' | 'practiceId' | 'professionalId' | 'workedMinutes' | 'rateCents'
  >,
  shift: { payThrough: PayThrough; feeBasisPoints: number; startsAt: Date },
  now: Date,
): Promise<string | null> {
  return recordCharge(tx, {
    kind: 'worked',
    booking: {
      id: timesheet.bookingId,
      shiftId: timesheet.shiftId,
      practiceId: timesheet.practiceId,
      professionalId: timesheet.professionalId,
    },
    timesheetId: timesheet.id,
    minutes: timesheet.workedMinutes,
    rateCents: timesheet.rateCents,
    payThrough: shift.payThrough,
    feeBasisPoints: shift.feeBasisPoints,
    serviceDate: shift.startsAt,
    now,
  });
}
