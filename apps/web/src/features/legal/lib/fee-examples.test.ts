import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, formatMoney } from '@holdfast/contracts';
import { feeExample, feeExamples, splitExample } from './fee-examples';

describe('the worked examples of /fees', () => {
  it('charge 3% rounded half-up, as the server does', () => {
    expect(feeExample('850.00', 'ZAR')).toEqual({
      amount: formatMoney('850.00', 'ZAR'),
      fee: formatMoney('25.50', 'ZAR'),
      total: formatMoney('875.50', 'ZAR'),
      sellerGets: formatMoney('850.00', 'ZAR'),
    });
    // 3% of 1 000.50 is 30.015: half a cent rounds up.
    expect(feeExample('1000.50', 'ZAR')!.fee).toBe(formatMoney('30.02', 'ZAR'));
    // 3% of 1 234.56 is 37.0368: rounds down.
    expect(feeExample('1234.56', 'USD')!.fee).toBe(formatMoney('37.04', 'USD'));
  });

  it('are all allowed amounts in every currency', () => {
    for (const code of CURRENCY_CODES) expect(feeExamples(code)).toHaveLength(4);
    expect(feeExample('49.99', 'ZAR')).toBeNull();
  });

  it('split a disputed deal with the shared rule: the buyer gets the refund and its share of the fee', () => {
    expect(splitExample('1000.00', '400.00', 'ZAR')).toEqual({
      amount: formatMoney('1000.00', 'ZAR'),
      fee: formatMoney('30.00', 'ZAR'),
      total: formatMoney('1030.00', 'ZAR'),
      refund: formatMoney('400.00', 'ZAR'),
      buyerGets: formatMoney('412.00', 'ZAR'),
      sellerGets: formatMoney('600.00', 'ZAR'),
      feeKept: formatMoney('18.00', 'ZAR'),
    });
  });
});
