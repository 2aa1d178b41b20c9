import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { isStaleTransactionError } from './stale-transaction';

const refusal = (status: number, code: string, message = 'x') =>
  new ApiError(status, JSON.stringify({ message, code }), { message, code });

describe('isStaleTransactionError', () => {
  it('is true for the codes that mean the transaction changed meanwhile', () => {
    expect(isStaleTransactionError(refusal(409, 'ALREADY_ACCEPTED'))).toBe(true);
    expect(isStaleTransactionError(refusal(409, 'ALREADY_FUNDED'))).toBe(true);
    expect(isStaleTransactionError(refusal(409, 'UNDER_DISPUTE'))).toBe(true);
    expect(isStaleTransactionError(refusal(404, 'NOT_FOUND'))).toBe(true);
    expect(isStaleTransactionError(refusal(409, 'MILESTONE_ENDED'))).toBe(true);
  });
  it('is false for other refusals, whatever their status or text', () => {
    expect(isStaleTransactionError(refusal(409, 'INSUFFICIENT_FUNDS'))).toBe(false);
    expect(isStaleTransactionError(refusal(409, 'IDEMPOTENCY_KEY_IN_USE'))).toBe(false);
    expect(isStaleTransactionError(refusal(400, 'VALIDATION', 'This transaction has already been accepted'))).toBe(
      false,
    );
    expect(isStaleTransactionError(new Error('409: conflict'))).toBe(false);
    expect(isStaleTransactionError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
