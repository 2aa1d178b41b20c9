import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { paymentProblem } from './payment-outcome';

const apiError = (status: number, body: { message: string; code: string }) =>
  new ApiError(status, JSON.stringify(body), body);

describe('paymentProblem', () => {
  it('reports a declined card as Payment Failed with the provider message', () => {
    const err = apiError(402, { message: 'Your card was declined.', code: 'PAYMENT_FAILED' });
    expect(paymentProblem(err)).toEqual({ title: 'Payment Failed', message: 'Your card was declined.' });
  });
  it('reports a rule the server named by code as Payment Failed', () => {
    const err = apiError(409, { message: 'This transaction has already been funded', code: 'ALREADY_FUNDED' });
    expect(paymentProblem(err)).toEqual({
      title: 'Payment Failed',
      message: 'This transaction has already been funded',
    });
  });
  it('reports server, provider and network failures as Payment Error', () => {
    expect(paymentProblem(new ApiError(500, 'boom', undefined)).title).toBe('Payment Error');
    expect(paymentProblem(apiError(502, { message: 'Failed', code: 'PROVIDER_UNAVAILABLE' })).title).toBe(
      'Payment Error',
    );
    expect(paymentProblem(apiError(500, { message: 'x', code: 'INTERNAL' })).title).toBe('Payment Error');
    expect(paymentProblem(new TypeError('Failed to fetch')).title).toBe('Payment Error');
  });
});
