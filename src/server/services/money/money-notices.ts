import { eq } from 'drizzle-orm';
import { formatMoney } from '@shared/money-format';
import { moneyPaths } from '@shared/money/money-texts';
import { charges, payouts, professionals, user } from '../../db/schema';
import type { Env } from '../../env';
import { enqueueEmails } from '../../mail/outbox';
import { notificationEmail } from '../../mail/templates/notification';
import { deliverNotifications } from '../../notifications/deliver-notifications';
import { composeNotice } from '../../notifications/marketplace-messages';
import { shiftDay } from '../../notifications/shift-wording';
import type { Tx } from '../marketplace/db-transaction';

type Charge = typeof charges.$inferSelect;
type Payout = typeof payouts.$inferSelect;

/**
 * A debit failed or came back: the practice is told in the bell and by e-mail (what failed, that
 * posting is paused, where to fix it), and every admin by e-mail. Once per charge and attempt.
 */
export async function notifyPaymentFailed(
  tx: Tx,
  env: Pick<Env, 'publicUrl'>,
  input: { charge: Charge; practiceUserId: string; practiceName: string; now: Date },
): Promise<void> {
  const { charge } = input;
  const key = `payment-failed:${charge.id}:${charge.attempts}`;
  const amount = formatMoney(charge.totalCents);
  const day = shiftDay(charge.serviceDate.toISOString());
  await deliverNotifications(tx, [
    {
      userId: input.practiceUserId,
      kind: 'payment_update',
      dedupeKey: key,
      compose: (recipient) =>
        composeNotice(recipient, env.publicUrl, {
          title: `Your payment of ${amount} did not go through`,
          body: `The debit of ${amount} for the shift on ${day} did not go through: ${charge.failureReason} Link a working bank account under Billing; until then you cannot post new shifts.`,
          linkPath: moneyPaths.practiceBilling,
          actionLabel: 'Open Billing',
        }),
    },
  ]);
  const admins = await tx
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.accountType, 'admin'));
  if (admins.length === 0) return;
  await enqueueEmails(
    tx,
    admins.map((admin) => ({
      ...notificationEmail({
        to: admin.email,
        name: admin.name,
        subject: `Payment failed: ${input.practiceName}, ${amount}`,
        paragraphs: [
          `The debit of ${amount} from ${input.practiceName} for the shift on ${day} failed: ${charge.failureReason} The practice was told and cannot post shifts until it links a working bank.`,
        ],
        action: {
          label: 'Open the money console',
          url: `${env.publicUrl}${moneyPaths.adminMoney}`,
        },
        settingsUrl: `${env.publicUrl}${moneyPaths.adminMoney}`,
      }),
      dedupeKey: `${key}:admin:${admin.email}`,
    })),
  );
}

/** A payout was sent: the professional is told how much, for which shift, and where to see it. */
export async function notifyPayoutSent(
  tx: Tx,
  env: Pick<Env, 'publicUrl'>,
  input: { payout: Payout; now: Date },
): Promise<void> {
  const [row] = await tx
    .select({ userId: user.id, serviceDate: charges.serviceDate, practiceId: charges.practiceId })
    .from(charges)
    .innerJoin(payouts, eq(payouts.chargeId, charges.id))
    .innerJoin(professionals, eq(professionals.id, charges.professionalId))
    .innerJoin(user, eq(user.id, professionals.userId))
    .where(eq(payouts.id, input.payout.id));
  if (!row) return;
  const amount = formatMoney(input.payout.amountCents);
  const day = shiftDay(row.serviceDate.toISOString());
  await deliverNotifications(tx, [
    {
      userId: row.userId,
      kind: 'payment_update',
      dedupeKey: `payout-sent:${input.payout.id}`,
      compose: (recipient) =>
        composeNotice(recipient, env.publicUrl, {
          title: `${amount} is on its way to your bank`,
          body: `We sent your pay of ${amount} for the shift on ${day}. Banks usually show it within 1 to 2 business days.`,
          linkPath: moneyPaths.professionalEarnings(recipient.portalPath),
          actionLabel: 'See your earnings',
        }),
    },
  ]);
}
