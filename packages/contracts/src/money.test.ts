import { describe, expect, it } from 'vitest';
import { feeFor, formatMoney, fromMinor, toMinor, totalFor } from './money.js';

describe('fee', () => {
  it('is 3% rounded half-up to the minor unit', () => {
    expect(feeFor(10000n)).toBe(300n);
    expect(feeFor(1n)).toBe(0n);
    expect(feeFor(17n)).toBe(1n); // 0.51 -> 1
    expect(feeFor(16n)).toBe(0n); // 0.48 -> 0
    expect(feeFor(50n)).toBe(2n); // 1.5 -> 2 (half-up)
    expect(totalFor(12345n)).toBe(12345n + 370n); // 370.35 -> 370
  });
});

describe('toMinor / fromMinor', () => {
  it('parses decimals without floats', () => {
    expect(toMinor('100', 2)).toBe(10000n);
    expect(toMinor('100.5', 2)).toBe(10050n);
    expect(toMinor('0.30', 2)).toBe(30n);
    expect(toMinor(19.99, 2)).toBe(1999n);
    expect(toMinor('10.500', 2)).toBe(1050n);
    expect(toMinor('10.505', 2)).toBeNull();
    expect(toMinor('-1', 2)).toBeNull();
    expect(toMinor('1e3', 2)).toBeNull();
    expect(toMinor('abc', 2)).toBeNull();
    expect(toMinor(1e21, 2)).toBeNull();
  });
  it('formats minor units', () => {
    expect(fromMinor(12345n, 2)).toBe('123.45');
    expect(fromMinor(5n, 2)).toBe('0.05');
    expect(fromMinor(-5n, 2)).toBe('-0.05');
  });
  it('formats money in its own currency', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('1234.50', 'GBP')).toBe('£1,234.50');
    expect(formatMoney('0', 'EUR')).toBe('€0.00');
  });
});
