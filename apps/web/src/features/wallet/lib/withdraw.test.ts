import { describe, expect, it } from 'vitest';
import type { TWalletActivity } from '@holdfast/contracts';
import { exceedsBalance, hasPendingWithdrawal, withdrawableBalances } from './withdraw';

describe('withdrawing', () => {
  it('offers the currencies with money in them, the wallet currency first', () => {
    expect(
      withdrawableBalances({
        balance: '10.00',
        currency: 'ZAR',
        balances: [
          { currency: 'EUR', balance: '0.00' },
          { currency: 'USD', balance: '5.00' },
          { currency: 'ZAR', balance: '10.00' },
        ],
      }),
    ).toEqual([
      { currency: 'ZAR', balance: '10.00' },
      { currency: 'USD', balance: '5.00' },
    ]);
    expect(
      withdrawableBalances({ balance: '0.00', currency: 'ZAR', balances: [{ currency: 'ZAR', balance: '0.00' }] }),
    ).toEqual([]);
    expect(withdrawableBalances(undefined)).toEqual([]);
  });

  it('refuses more than the balance, to the cent', () => {
    expect(exceedsBalance('150.00', 'ZAR', '150.00')).toBeNull();
    expect(exceedsBalance('150.01', 'ZAR', '150.00')).toBe('Insufficient wallet balance');
    expect(exceedsBalance(151, 'USD', '150.00')).toBe('Insufficient wallet balance');
    // Not a valid amount: the contract's own message covers it.
    expect(exceedsBalance('abc', 'ZAR', '1.00')).toBeNull();
  });

  it('knows when a withdrawal is still on its way', () => {
    const item = (type: TWalletActivity['type'], status: TWalletActivity['status']): TWalletActivity => ({
      id: '1',
      type,
      status,
      amount: '-1.00',
      currency: 'ZAR',
      description: '',
      transactionId: null,
      createdAt: '2026-01-05T10:00:00Z',
    });
    expect(hasPendingWithdrawal([item('withdrawal', 'pending')])).toBe(true);
    expect(hasPendingWithdrawal([item('withdrawal', 'completed'), item('deposit', 'pending')])).toBe(false);
    expect(hasPendingWithdrawal(undefined)).toBe(false);
  });
});
