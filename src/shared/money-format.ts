/** Money shown to people (integer cents to dollars); the zod input field is in money.ts. */
/** Cents to a dollar amount for display: 4550 -> '45.50'. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** '$45.50' style. */
export function formatMoney(cents: number): string {
  return `$${centsToDollars(cents)}`;
}

export const MAX_HOURLY_RATE_CENTS = 100_000;

/** An hourly rate as every screen, e-mail and calendar shows it: 5500 -> '$55.00/hr'. */
export function formatHourlyRate(cents: number): string {
  return `${formatMoney(cents)}/hr`;
}
