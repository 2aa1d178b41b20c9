import { describe, expect, it } from 'vitest';
import { refLabel } from './job-labels';

describe('refLabel', () => {
  it("names a payload's ids and fields as people read them", () => {
    expect(refLabel('withdrawalId')).toBe('Withdrawal');
    expect(refLabel('transactionId')).toBe('Transaction');
    expect(refLabel('disputeOfferId')).toBe('Dispute offer');
    expect(refLabel('event')).toBe('Event');
    expect(refLabel('to')).toBe('Recipient');
    expect(refLabel('Id')).toBe('Id');
  });
});
