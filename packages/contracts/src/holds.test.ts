import { describe, expect, it } from 'vitest';
import { HOLD_TEXTS, withdrawalNotice } from './holds.js';

const base = { accountLast4: '5678', failureReason: null, expectedBy: null, review: null } as const;

describe('withdrawalNotice: every waiting or failed withdrawal says why, what is needed and when', () => {
  it('held: the routine check in plain words, nothing needed, within a business day and by when', () => {
    const n = withdrawalNotice(
      { ...base, status: 'held', review: 'held', expectedBy: '2026-01-06T10:00:00Z' },
      'en-GB',
    );
    expect(n).toMatchObject({ tone: 'waiting', title: HOLD_TEXTS.held.title, needed: HOLD_TEXTS.held.needed });
    expect(n!.expected).toMatch(/^Usually within 1 business day\..* Expected by .*6 Jan/);
    expect(JSON.stringify(n)).not.toMatch(/sanction|list|match/i);
  });

  it('pending: where it goes and when it should arrive', () => {
    const n = withdrawalNotice({ ...base, status: 'pending', expectedBy: '2026-01-07T10:00:00Z' }, 'en-GB');
    expect(n).toMatchObject({ tone: 'waiting', title: HOLD_TEXTS.pendingTitle, needed: HOLD_TEXTS.pendingNeeded });
    expect(n!.reason).toContain('account ending 5678');
    expect(n!.expected).toMatch(/^Expected by .*7 Jan/);
  });

  it('failed: why, and that the money is back; a rejection after review asks no retry', () => {
    const failed = withdrawalNotice({
      ...base,
      status: 'failed',
      failureReason: 'The bank rejected the account number',
    });
    expect(failed).toMatchObject({
      tone: 'done',
      reason: 'The bank rejected the account number',
      needed: HOLD_TEXTS.failedNeeded,
      expected: HOLD_TEXTS.moneyBack,
    });
    const rejected = withdrawalNotice({
      ...base,
      status: 'failed',
      review: 'rejected',
      failureReason: HOLD_TEXTS.rejectedReason,
    });
    expect(rejected).toMatchObject({ reason: HOLD_TEXTS.rejectedReason, needed: HOLD_TEXTS.rejectedNeeded });
  });

  it('paid: nothing waits', () => {
    expect(withdrawalNotice({ ...base, status: 'paid' })).toBeNull();
  });
});
