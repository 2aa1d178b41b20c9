import { describe, expect, it } from 'vitest';
import { ZDepositRequest, ZSandboxConfirmRequest, depositAmountError, isExpiryInFuture } from './payments.js';

describe('depositAmountError', () => {
  it('accepts amounts between the minimum deposit and the maximum', () => {
    expect(depositAmountError('50', 'ZAR')).toBeNull();
    expect(depositAmountError(5, 'USD')).toBeNull();
    expect(depositAmountError('100000.00', 'USD')).toBeNull();
  });
  it('refuses zero, negatives, junk and too many decimals with the spec text', () => {
    for (const bad of [0, -1, '0', 'abc', '', '1.234', Number.NaN]) {
      expect(depositAmountError(bad, 'USD')).toBe('Invalid Amount: Please enter a valid deposit amount');
    }
  });
  it('names the minimum as {symbol}{min}', () => {
    expect(depositAmountError('49.99', 'ZAR')).toBe('Amount Too Low: Minimum deposit is R50');
    expect(depositAmountError(4.99, 'USD')).toBe('Amount Too Low: Minimum deposit is $5');
    expect(depositAmountError('1', 'EUR')).toBe('Amount Too Low: Minimum deposit is €5');
  });
  it('refuses more than the maximum', () => {
    expect(depositAmountError('100000.01', 'USD')).toBe('Amount Too High: Maximum deposit is $100000');
  });
  it('is the rule of the request schema', () => {
    const r = ZDepositRequest.safeParse({ amount: 10, currency: 'ZAR' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Amount Too Low: Minimum deposit is R50');
    expect(ZDepositRequest.safeParse({ amount: '10', currency: 'XYZ' }).error?.issues[0]?.message).toBe(
      'Unsupported currency',
    );
  });
});

describe('sandbox card details', () => {
  it('checks the expiry against the current month', () => {
    const now = new Date(Date.UTC(2030, 4, 15));
    expect(isExpiryInFuture('05/30', now)).toBe(true);
    expect(isExpiryInFuture('04/30', now)).toBe(false);
    expect(isExpiryInFuture('01/31', now)).toBe(true);
  });
  it('explains a bad expiry or CVC', () => {
    const base = { clientSecret: 's', cardNumber: '4242424242424242', expiry: '12/99', cvc: '123' };
    expect(ZSandboxConfirmRequest.safeParse(base).success).toBe(true);
    expect(ZSandboxConfirmRequest.safeParse({ ...base, expiry: '13/30' }).error?.issues[0]?.message).toMatch(
      /expiration date is invalid/,
    );
    expect(ZSandboxConfirmRequest.safeParse({ ...base, expiry: '01/20' }).error?.issues[0]?.message).toBe(
      'Your card has expired.',
    );
    expect(ZSandboxConfirmRequest.safeParse({ ...base, cvc: '12' }).error?.issues[0]?.message).toMatch(
      /security code is invalid/,
    );
  });
});
