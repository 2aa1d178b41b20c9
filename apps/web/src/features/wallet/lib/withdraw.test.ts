import { describe, expect, it } from 'vitest';
import type { TWalletActivity } from '@holdfast/contracts';
import {
  exceedsBalance,
  hasPendingWithdrawal,
  withdrawableBalances,
  withdrawBody,
  withdrawReviewRows,
} from './withdraw';

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

  it('sends only the fields the currency’s bank asks, and reviews them as its country writes them', () => {
    const typed = {
      amount: ' 25 ',
      accountHolderName: 'Chloé Tremblay',
      bankName: 'FNB',
      institutionNumber: '003',
      branchCode: '12-345',
      routingNumber: '',
      accountNumber: '1234 5678',
      iban: '',
      bic: 'NWBKGB2L',
    };
    const cad = withdrawBody({ ...typed, currency: 'CAD' });
    expect(cad).toEqual({
      amount: '25',
      currency: 'CAD',
      accountHolderName: 'Chloé Tremblay',
      institutionNumber: '003',
      branchCode: '12-345',
      accountNumber: '1234 5678',
    });
    const rows = (body: typeof cad) =>
      Object.fromEntries(
        withdrawReviewRows({ ...body, currency: body.currency as 'CAD' | 'AUD' }).map((r) => [r.label, r.value]),
      );
    expect(rows(cad)).toMatchObject({ Bank: 'institution 003 · transit 12345', Account: '•••• 5678' });

    const aud = withdrawBody({ ...typed, currency: 'AUD', branchCode: '062000', accountNumber: '1234-5678' });
    expect(Object.keys(aud).sort()).toEqual(['accountHolderName', 'accountNumber', 'amount', 'branchCode', 'currency']);
    expect(rows(aud)).toMatchObject({ Bank: 'BSB 062-000', Account: '•••• 5678' });
  });
});
