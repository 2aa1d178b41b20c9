import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { paymentProblem } from './payment-outcome';

describe('paymentProblem', () => {
  it('reports a declined card as Payment Failed with the provider message', () => {
    const err = new ApiError(402, '{"message":"Your card was declined."}', { message: 'Your card was declined.' });
    expect(paymentProblem(err)).toEqual({ title: 'Payment Failed', message: 'Your card was declined.' });
  });
  it('reports server and network failures as Payment Error', () => {
    expect(paymentProblem(new ApiError(500, 'boom', undefined)).title).toBe('Payment Error');
    expect(paymentProblem(new TypeError('Failed to fetch')).title).toBe('Payment Error');
  });
});
