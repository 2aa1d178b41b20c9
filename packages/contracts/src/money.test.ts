import { describe, expect, it } from 'vitest';
import { feeFor, formatMoney, fromMinor, splitEscrowAmounts, toMinor, totalFor } from './money.js';

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
    // en-ZA groups with a no-break space and writes a decimal comma; a no-break space follows the symbol.
    expect(formatMoney('4124.5', 'ZAR')).toBe('R\u00a04\u00a0124,50');
    expect(formatMoney('1000000.00', 'ZAR')).toBe('R\u00a01\u00a0000\u00a0000,00');
    expect(formatMoney('1234.56', 'CAD')).toBe('CA$1,234.56');
    expect(formatMoney('-1234.56', 'AUD')).toBe('-A$1,234.56');
    expect(formatMoney('-0.00', 'USD')).toBe('$0.00');
    expect(formatMoney('1234.5', 'XYZ')).toBe('XYZ\u00a01,234.50');
    expect(formatMoney('not a number', 'USD')).toBe('$0.00');
  });
  it('formats the exact decimal, never a float of it (Intl.NumberFormat takes the decimal string)', () => {
    // 9007199254740993 minor units is 2^53 + 1: a float of this amount would end in .92.
    expect(formatMoney('90071992547409.93', 'USD')).toBe('$90,071,992,547,409.93');
    expect(new Intl.NumberFormat('en-US').format('9007199254740993')).toBe('9,007,199,254,740,993');
  });
});

describe('splitEscrowAmounts', () => {
  const feeShare = (fee: bigint, refund: bigint, amount: bigint) =>
    splitEscrowAmounts(amount, fee, refund)!.buyerGets - refund;

  it('gives the buyer the refunded share of the fee, rounded half-up to the minor unit', () => {
    expect(feeShare(300n, 2_500n, 10_000n)).toBe(75n);
    expect(feeShare(10n, 100n, 333n)).toBe(3n); // 3.003
    expect(feeShare(10n, 50n, 100n)).toBe(5n);
    expect(feeShare(3n, 1n, 2n)).toBe(2n); // 1.5 rounds up
    expect(feeShare(1n, 1n, 3n)).toBe(0n); // 0.33
    expect(feeShare(0n, 5n, 10n)).toBe(0n);
  });

  it('pays out exactly what escrow holds', () => {
    const split = splitEscrowAmounts(25_000n, 750n, 10_000n)!;
    expect(split).toEqual({ buyerGets: 10_300n, sellerGets: 15_000n, feeKept: 450n });
    expect(split.buyerGets + split.sellerGets + split.feeKept).toBe(25_750n);
  });

  it('refuses a refund of nothing or of the whole amount', () => {
    expect(splitEscrowAmounts(100n, 3n, 0n)).toBeNull();
    expect(splitEscrowAmounts(100n, 3n, 100n)).toBeNull();
  });
});
