import { describe, expect, it } from 'vitest';
import type { TPayment } from '@holdfast/contracts';
import { ApiError } from '@/lib/api';
import { paymentOutcome } from './payment-success';

const payment = (status: TPayment['status']): TPayment => ({
  id: 'pay_1',
  status,
  purpose: 'deposit',
  transactionId: null,
  amount: '10.00',
  currency: 'ZAR',
  failureMessage: null,
});

const apiError = (status: number, code: string) =>
  new ApiError(status, JSON.stringify({ message: 'x', code }), { message: 'x', code });

describe('payment success outcome', () => {
  it('says succeeded only when the server says so', () => {
    expect(paymentOutcome({ paymentId: 'pay_1', payment: payment('succeeded'), settled: true })).toBe('succeeded');
    expect(paymentOutcome({ paymentId: 'pay_1', payment: payment('processing'), settled: true })).toBe('processing');
    for (const status of ['failed', 'canceled', 'requires_payment_method'] as const) {
      expect(paymentOutcome({ paymentId: 'pay_1', payment: payment(status), settled: true })).toBe('not-completed');
    }
  });

  it('waits for the server before saying anything', () => {
    expect(paymentOutcome({ paymentId: 'pay_1', settled: false })).toBe('checking');
  });

  it('has nothing to confirm without a payment id, or for one that is not the viewer’s', () => {
    expect(paymentOutcome({ paymentId: null, settled: false })).toBe('missing');
    expect(paymentOutcome({ paymentId: 'bogus', error: apiError(404, 'NOT_FOUND'), settled: true })).toBe('missing');
  });

  it('admits it does not know when the check itself failed', () => {
    expect(paymentOutcome({ paymentId: 'pay_1', error: apiError(502, 'PROVIDER_UNAVAILABLE'), settled: true })).toBe(
      'unknown',
    );
  });
});
