import { describe, expect, it } from 'vitest';
import type { TTransaction } from '@holdfast/contracts';
import { nextStep } from './next-step';

const tx = (over: Partial<TTransaction>): TTransaction =>
  ({
    status: 'pending',
    paymentStatus: 'unpaid',
    viewerRole: 'buyer',
    allowedActions: [],
    deliveredAt: null,
    ...over,
  }) as TTransaction;

describe('nextStep', () => {
  it('says who acts on a pending deal, from each side', () => {
    expect(nextStep(tx({ allowedActions: ['fund', 'cancel'] }))).toEqual({ text: 'Fund the deal', yours: true });
    expect(nextStep(tx({ paymentStatus: 'succeeded', allowedActions: ['cancel'] }))).toEqual({
      text: 'Waiting for the seller to accept',
      yours: false,
    });
    expect(nextStep(tx({ viewerRole: 'seller', allowedActions: ['accept', 'decline'] })).yours).toBe(true);
    expect(nextStep(tx({ viewerRole: 'seller', allowedActions: [] })).text).toBe('Waiting for the buyer to fund');
  });

  it('follows an accepted deal to delivery and inspection', () => {
    const active = { status: 'active', paymentStatus: 'succeeded' } as const;
    expect(nextStep(tx({ ...active, viewerRole: 'seller', allowedActions: ['deliver', 'dispute'] })).text).toBe(
      'Mark as delivered',
    );
    expect(nextStep(tx({ ...active, allowedActions: ['confirm', 'dispute'] })).text).toBe(
      'Confirm receipt when it arrives',
    );
    const delivered = { ...active, deliveredAt: '2026-01-01T00:00:00Z' };
    expect(nextStep(tx({ ...delivered, allowedActions: ['confirm'] }))).toEqual({
      text: 'Inspect and confirm receipt',
      yours: true,
    });
    expect(nextStep(tx({ ...delivered, viewerRole: 'seller', allowedActions: ['deliver'] })).text).toBe(
      'Buyer is inspecting',
    );
    expect(nextStep(tx({ status: 'active', viewerRole: 'seller' })).text).toBe('Waiting for the buyer to fund');
  });

  it('ends quietly', () => {
    expect(nextStep(tx({ status: 'disputed' })).text).toBe('Under review by a moderator');
    expect(nextStep(tx({ status: 'completed', allowedActions: ['review'] }))).toEqual({
      text: 'Leave a review',
      yours: true,
    });
    expect(nextStep(tx({ status: 'completed' })).yours).toBe(false);
    expect(nextStep(tx({ status: 'cancelled' })).yours).toBe(false);
  });
});
