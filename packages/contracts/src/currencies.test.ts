import { describe, expect, it } from 'vitest';
import { checkTransactionAmount, currenciesResponse, validateAmountResponse } from './currencies.js';
import { isConfirmationPhrase } from './messages.js';
import { ZAcceptTransactionRequest, ZCreateTransactionRequest, isoDatePlusDays } from './transactions.js';

describe('checkTransactionAmount', () => {
  it('accepts amounts within the limits and computes fee and total in minor units', () => {
    expect(checkTransactionAmount('100', 'USD')).toMatchObject({
      valid: true,
      amountMinor: 10000n,
      feeMinor: 300n,
      totalMinor: 10300n,
    });
    expect(checkTransactionAmount(50, 'ZAR')).toMatchObject({ valid: true, amountMinor: 5000n });
    expect(checkTransactionAmount('100000.00', 'USD')).toMatchObject({ valid: true });
  });
  it('refuses amounts outside the limits, with the limit in the currency', () => {
    expect(checkTransactionAmount('49.99', 'ZAR')).toEqual({
      valid: false,
      error: 'Amount must be at least R\u00a050,00',
    });
    expect(checkTransactionAmount('100000.01', 'USD')).toEqual({
      valid: false,
      error: 'Amount cannot exceed $100,000.00',
    });
  });
  it('refuses bad input', () => {
    expect(checkTransactionAmount('10.005', 'USD')).toEqual({
      valid: false,
      error: 'Amount can have at most 2 decimal places',
    });
    expect(checkTransactionAmount('abc', 'USD')).toEqual({ valid: false, error: 'Enter a valid amount' });
    expect(checkTransactionAmount('-10', 'USD')).toEqual({ valid: false, error: 'Enter a valid amount' });
    expect(checkTransactionAmount(Number.NaN, 'USD')).toEqual({ valid: false, error: 'Enter a valid amount' });
    expect(checkTransactionAmount(1e25, 'USD')).toEqual({ valid: false, error: 'Enter a valid amount' });
    expect(checkTransactionAmount('100', 'XYZ')).toEqual({ valid: false, error: 'Unsupported currency' });
  });
  it('formats a valid amount', () => {
    expect(validateAmountResponse('1000', 'USD')).toEqual({
      valid: true,
      error: null,
      formatted: { amount: '$1,000.00', fee: '$30.00', total: '$1,030.00' },
    });
  });
  it('lists six currencies with ZAR first and default', () => {
    const r = currenciesResponse();
    expect(r.supported.map((c) => c.code)).toEqual(['ZAR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD']);
    expect(r.default).toBe('ZAR');
    expect(r.summary[0]).toEqual({ code: 'ZAR', symbol: 'R' });
  });
});

describe('transaction request schemas', () => {
  it('lower-cases the seller email and checks the amount', () => {
    const ok = ZCreateTransactionRequest.safeParse({
      amount: '10',
      currency: 'USD',
      sellerEmail: ' Bob@Example.COM ',
      description: 'x',
    });
    expect(ok.success && ok.data.sellerEmail).toBe('bob@example.com');
    const bad = ZCreateTransactionRequest.safeParse({
      amount: '1',
      currency: 'USD',
      sellerEmail: 'b@e.com',
      description: 'x',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'Amount must be at least $5.00' });
  });
  it('accepts delivery dates from tomorrow only', () => {
    expect(ZAcceptTransactionRequest.safeParse({ expectedDeliveryDate: isoDatePlusDays(0) }).success).toBe(false);
    expect(ZAcceptTransactionRequest.safeParse({ expectedDeliveryDate: isoDatePlusDays(1) }).success).toBe(true);
    expect(ZAcceptTransactionRequest.safeParse({ expectedDeliveryDate: '2030-02-30' }).success).toBe(false);
    expect(ZAcceptTransactionRequest.parse({ deliveryNotes: '   ' })).toEqual({ deliveryNotes: undefined });
  });
  it('matches the confirmation phrase trimmed and upper-cased', () => {
    expect(isConfirmationPhrase('  i have received my item ')).toBe(true);
    expect(isConfirmationPhrase('I HAVE RECEIVED')).toBe(false);
  });
});
