import { describe, expect, it } from 'vitest';
import { centsToDollars, formatHourlyRate, formatMoney } from '../../src/shared/money-format';

describe('money as people read it', () => {
  it('money amounts of $1,000 and more have a thousands separator', () => {
    expect(formatMoney(105_270)).toBe('$1,052.70');
    expect(formatMoney(178_620)).toBe('$1,786.20');
    expect(formatMoney(99_999)).toBe('$999.99');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(-150_000)).toBe('-$1,500.00');
    expect(formatMoney(5)).toBe('$0.05');
  });

  it('a form field reads back what it shows: no separator in centsToDollars', () => {
    expect(centsToDollars(150_000)).toBe('1500.00');
    expect(formatHourlyRate(150_000)).toBe('$1,500.00/hr');
  });
});
