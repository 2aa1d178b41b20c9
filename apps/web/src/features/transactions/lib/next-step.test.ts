import { describe, expect, it } from 'vitest';
import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { nextStep } from './next-step';

const tx = (over: Partial<TTransaction>): TTransaction =>
  ({
    status: 'pending',
    paymentStatus: 'unpaid',
    viewerRole: 'buyer',
    allowedActions: [],
    deliveredAt: null,
    milestones: [],
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

  describe('a deal paid in stages', () => {
    const stage = (position: number, status: TMilestone['status'], over: Partial<TMilestone> = {}): TMilestone =>
      ({ position, status, allowedActions: [], cancelsAt: null, ...over }) as TMilestone;
    const staged = (milestones: TMilestone[], over: Partial<TTransaction> = {}) =>
      nextStep(tx({ status: 'active', paymentStatus: 'succeeded', milestones, ...over }));
    const clock = { cancelsAt: '2026-03-09T09:00:00Z' };

    it('names the stage the viewer acts on', () => {
      // Funding: the stage whose funding clock runs, not a later one that could be funded early.
      const toFund = [stage(1, 'released'), stage(2, 'unfunded', { allowedActions: ['fund'], ...clock })];
      expect(staged([...toFund, stage(3, 'unfunded', { allowedActions: ['fund'] })])).toEqual({
        text: 'Fund stage 2',
        yours: true,
      });
      expect(
        staged([stage(1, 'funded', { allowedActions: ['deliver', 'dispute'] }), stage(2, 'unfunded')], {
          viewerRole: 'seller',
        }),
      ).toEqual({ text: 'Deliver stage 1', yours: true });
      expect(
        staged([
          stage(1, 'released'),
          stage(2, 'disputed'),
          stage(3, 'delivered', { allowedActions: ['confirm', 'dispute'] }),
        ]),
      ).toEqual({ text: 'Confirm stage 3', yours: true });
      // Before acceptance the buyer funds the first stage; the seller's step stays accepting the deal.
      const first = [stage(1, 'unfunded', { allowedActions: ['fund'], ...clock }), stage(2, 'unfunded')];
      expect(nextStep(tx({ milestones: first })).text).toBe('Fund stage 1');
      expect(
        nextStep(tx({ viewerRole: 'seller', allowedActions: ['accept', 'decline'], milestones: first })).text,
      ).toBe('Accept or decline');
    });

    it('says what the other side owes on the stage the deal is at, and which stage is in dispute', () => {
      const inDispute = [stage(1, 'released'), stage(2, 'disputed'), stage(3, 'unfunded')];
      expect(staged(inDispute, { status: 'disputed' })).toEqual({ text: 'Stage 2 in dispute', yours: false });
      expect(staged(inDispute, { status: 'disputed', viewerRole: 'seller' }).text).toBe('Stage 2 in dispute');
      const delivering = [stage(1, 'funded', { allowedActions: ['confirm', 'dispute'] }), stage(2, 'unfunded')];
      expect(staged(delivering)).toEqual({ text: 'Waiting for delivery of stage 1', yours: false });
      const inspecting = [stage(1, 'delivered', { allowedActions: ['dispute'] })];
      expect(staged(inspecting, { viewerRole: 'seller' }).text).toBe('Buyer is inspecting stage 1');
      const unfunded = [stage(1, 'released'), stage(2, 'unfunded', clock)];
      expect(staged(unfunded, { viewerRole: 'seller' })).toEqual({
        text: 'Waiting for the buyer to fund stage 2',
        yours: false,
      });
      const waitingToAccept = [stage(1, 'funded'), stage(2, 'unfunded')];
      expect(staged(waitingToAccept, { status: 'pending' }).text).toBe('Waiting for the seller to accept');
    });

    it('ends as a deal of one amount does', () => {
      const done = [stage(1, 'released'), stage(2, 'released')];
      expect(staged(done, { status: 'completed', allowedActions: ['review'] }).text).toBe('Leave a review');
      expect(staged([stage(1, 'cancelled')], { status: 'cancelled' }).text).toBe('Cancelled, nothing to do');
    });
  });
});
