import { describe, expect, it } from 'vitest';
import { checkDisputedAmount, disputedPartOf, PARTIAL_DISPUTE_MESSAGES as P } from './dispute-partial.js';
import { formatMoney } from './money.js';

describe('disputedPartOf', () => {
  it('shares the fee as a refund of D would, and the parts sum exactly to the total', () => {
    for (const [amount, fee, disputed] of [
      [50_000n, 1_500n, 30_000n],
      [10_001n, 300n, 3_333n],
      [333n, 10n, 100n],
      [100n, 0n, 1n],
      [100n, 3n, 99n],
    ] as const) {
      const part = disputedPartOf(amount, fee, disputed);
      expect(part.amount).toBe(disputed);
      expect(part.released).toBe(amount - disputed);
      expect(part.amount + part.fee + part.released + part.releasedFee).toBe(amount + fee);
      expect(part.fee).toBeGreaterThanOrEqual(0n);
      expect(part.releasedFee).toBeGreaterThanOrEqual(0n);
    }
    expect(disputedPartOf(50_000n, 1_500n, 30_000n)).toEqual({
      amount: 30_000n,
      fee: 900n,
      released: 20_000n,
      releasedFee: 600n,
    });
  });

  it('is the whole deal when the whole amount is disputed', () => {
    expect(disputedPartOf(10_000n, 300n, 10_000n)).toEqual({
      amount: 10_000n,
      fee: 300n,
      released: 0n,
      releasedFee: 0n,
    });
  });
});

describe('checkDisputedAmount', () => {
  const range = P.disputedOutOfRange(formatMoney('500.00', 'ZAR'));
  it('takes 0 < D ≤ amount in the currency’s places', () => {
    expect(checkDisputedAmount('300', 50_000n, 'ZAR')).toEqual({ ok: true, minor: 30_000n });
    expect(checkDisputedAmount(500, 50_000n, 'ZAR')).toEqual({ ok: true, minor: 50_000n });
    expect(checkDisputedAmount('0.01', 50_000n, 'ZAR')).toEqual({ ok: true, minor: 1n });
  });
  it('refuses 0, more than the amount, and what is not a plain decimal', () => {
    expect(checkDisputedAmount('0', 50_000n, 'ZAR')).toEqual({ ok: false, error: range });
    expect(checkDisputedAmount('500.01', 50_000n, 'ZAR')).toEqual({ ok: false, error: range });
    for (const bad of ['1.001', '-1', 'abc', '', ' ']) {
      expect(checkDisputedAmount(bad, 50_000n, 'ZAR')).toEqual({ ok: false, error: P.disputedInvalid });
    }
  });
});
