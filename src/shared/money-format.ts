/** Money shown to people (integer cents to dollars); the zod input field is in money.ts. */
/** Cents to a dollar amount for a form's input (no separators, so it reads back): 4550 -> '45.50'. */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * '$45.50' style, the one home of every money amount shown on a screen, in an e-mail, a
 * document or a CSV: $1,000 and more with a thousands separator ('$1,786.20'); less than nothing
 * with the sign first ('-$12.00').
 */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, fraction] = centsToDollars(Math.abs(cents)).split('.');
  return `${sign}$${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

export const MAX_HOURLY_RATE_CENTS = 100_000;

/** An hourly rate as every screen, e-mail and calendar shows it: 5500 -> '$55.00/hr'. */
export function formatHourlyRate(cents: number): string {
  return `${formatMoney(cents)}/hr`;
}
