import { z } from 'zod';
import { MAX_HOURLY_RATE_CENTS } from './money-format';

export * from './money-format';

/**
 * An hourly amount typed by a person (min 0, step 0.01), as a string or number, into integer
 * cents. `emptyMessage` is used when nothing was entered; pass null to allow empty (-> null).
 * `invalidMessage`, when given, replaces the general messages for what is no amount or too large
 * (a shift's rate says its position's bounds instead).
 */
export function hourlyAmountField(emptyMessage: string | null, invalidMessage?: string) {
  return z
    .union([z.string(), z.number()], { error: 'Please enter an amount in dollars, such as 45.50' })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim().replace(/^\$/, '');
      if (text === '') {
        if (emptyMessage === null) return null;
        ctx.addIssue({ code: 'custom', message: emptyMessage });
        return z.NEVER;
      }
      if (!/^\d+(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message:
            invalidMessage ?? 'Please enter an amount of 0 or more with at most two decimals',
        });
        return z.NEVER;
      }
      const cents = Math.round(Number(text) * 100);
      if (cents > MAX_HOURLY_RATE_CENTS) {
        ctx.addIssue({
          code: 'custom',
          message: invalidMessage ?? 'Please enter an hourly amount of at most $1,000',
        });
        return z.NEVER;
      }
      return cents;
    });
}
