import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validate = (payload: object) => t.app.inject({ method: 'POST', url: '/api/currencies/validate', payload });

describe('GET /api/currencies', () => {
  it('lists the supported currencies with limits, a summary and the default, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/currencies' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.default).toBe('ZAR');
    expect(body.summary).toHaveLength(6);
    expect(body.supported[0]).toEqual({
      code: 'ZAR',
      symbol: 'R',
      name: 'South African Rand',
      minAmount: '50.00',
      maxAmount: '1000000.00',
      decimalPlaces: 2,
      minDeposit: '50.00',
      minWithdrawal: '100.00',
    });
    expect(body.supported.find((c: { code: string }) => c.code === 'USD').minDeposit).toBe('5.00');
  });
});

describe('POST /api/currencies/validate', () => {
  it('formats amount, fee and total for a valid amount', async () => {
    const res = await validate({ amount: 100, currency: 'USD' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      error: null,
      formatted: { amount: '$100.00', fee: '$3.00', total: '$103.00' },
    });
    // No-break spaces throughout: the symbol never wraps away from its number.
    expect((await validate({ amount: '1000', currency: 'ZAR' })).json().formatted.total).toBe('R\u00a01\u00a0030,00');
  });

  it('explains invalid amounts', async () => {
    expect((await validate({ amount: 10, currency: 'ZAR' })).json()).toEqual({
      valid: false,
      error: 'Amount must be at least R\u00a050,00',
      formatted: null,
    });
    expect((await validate({ amount: '100000.01', currency: 'USD' })).json().error).toBe(
      'Amount cannot exceed $100,000.00',
    );
    expect((await validate({ amount: '10.123', currency: 'USD' })).json().error).toBe(
      'Amount can have at most 2 decimal places',
    );
    expect((await validate({ amount: 'ten', currency: 'USD' })).json().error).toBe('Enter a valid amount');
    expect((await validate({ amount: 100, currency: 'BTC' })).json().error).toBe('Unsupported currency');
  });

  it('refuses a body without the fields', async () => {
    expect((await validate({})).statusCode).toBe(400);
  });
});
