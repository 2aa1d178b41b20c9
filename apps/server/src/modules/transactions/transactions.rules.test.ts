import { describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES,
  PAYMENT_STATUSES,
  REVIEW_MESSAGES,
  TRANSACTION_MESSAGES as M,
  TRANSACTION_STATUSES,
  type TPaymentStatus,
  type TTransactionAction,
  type TTransactionStatus,
} from '@holdfast/contracts';
import {
  type ActionableRow,
  actionProblem,
  allowedActions,
  allowedActionsChangeAt,
  assertAction,
  assertDisputable,
  assertReviewable,
  assertTransition,
  autoReleaseDue,
  authorize,
  cancelEnding,
  deadlineDue,
  inspectionReminderAt,
  inspectionReminderDue,
  type TimedRow,
  nextStatus,
  relationOf,
  transitionProblem,
  type TransactionAction,
  type Viewer,
} from './transactions.rules.js';

// seller-1 holds the seller email verified (the database keeps sellerId so, migration 0020).
const t = { buyerId: 'buyer-1', sellerEmail: 'seller@example.test', sellerId: 'seller-1' };
const viewer = (over: Partial<Viewer> = {}): Viewer => ({
  id: 'someone',
  email: 'someone@example.test',
  emailVerified: true,
  role: 'buyer',
  ...over,
});
const buyer = viewer({ id: 'buyer-1', email: 'buyer@example.test' });
const seller = viewer({ id: 'seller-1', email: 'Seller@Example.test', role: 'seller' });
const unverifiedSeller = viewer({ id: 'seller-2', email: 'seller@example.test', emailVerified: false });
const moderator = viewer({ id: 'mod-1', role: 'moderator' });
const admin = viewer({ id: 'admin-1', role: 'admin' });
const stranger = viewer();

describe('relationOf: the one relationship rule', () => {
  it('knows the buyer by id, the seller by verified email (any case), staff by role', () => {
    expect(relationOf(t, buyer)).toMatchObject({ isBuyer: true, isSeller: false, viewerRole: 'buyer' });
    expect(relationOf(t, seller)).toMatchObject({ isBuyer: false, isSeller: true, viewerRole: 'seller' });
    expect(relationOf(t, moderator)).toMatchObject({ isStaff: true, viewerRole: 'moderator' });
    expect(relationOf(t, admin)).toMatchObject({ isStaff: true, viewerRole: 'admin' });
  });

  it('an unverified holder of the seller email is not the seller and sees nothing', () => {
    expect(relationOf(t, unverifiedSeller)).toEqual({
      isBuyer: false,
      isSeller: false,
      isUnverifiedSeller: true,
      isStaff: false,
      viewerRole: null,
    });
  });

  it('a stranger has no role; a buyer who is also staff is seen as the buyer', () => {
    expect(relationOf(t, stranger).viewerRole).toBeNull();
    expect(relationOf(t, { ...admin, id: 'buyer-1' }).viewerRole).toBe('buyer');
  });
});

describe('authorize: who may act', () => {
  const outcome = (user: Viewer, action: TransactionAction) => {
    try {
      authorize(t, user, action);
      return 'allowed';
    } catch (e) {
      const err = e as { statusCode: number; code: string };
      return `${err.statusCode} ${err.code}`;
    }
  };

  it('matches the table of actions × relationships', () => {
    const table: Record<TransactionAction, Record<string, string>> = {
      accept: { buyer: '403 FORBIDDEN', seller: 'allowed', unverified: '403 EMAIL_NOT_VERIFIED' },
      decline: { buyer: '403 FORBIDDEN', seller: 'allowed', unverified: '403 EMAIL_NOT_VERIFIED' },
      cancel: { buyer: 'allowed', seller: 'allowed', unverified: '403 EMAIL_NOT_VERIFIED' },
      confirm: { buyer: 'allowed', seller: '403 FORBIDDEN', unverified: '404 NOT_FOUND' },
      fund: { buyer: 'allowed', seller: '403 FORBIDDEN', unverified: '404 NOT_FOUND' },
      deliver: { buyer: '403 FORBIDDEN', seller: 'allowed', unverified: '403 EMAIL_NOT_VERIFIED' },
    };
    for (const [action, expected] of Object.entries(table) as [TransactionAction, Record<string, string>][]) {
      expect(outcome(buyer, action), `${action} by buyer`).toBe(expected.buyer);
      expect(outcome(seller, action), `${action} by seller`).toBe(expected.seller);
      expect(outcome(unverifiedSeller, action), `${action} by unverified seller`).toBe(expected.unverified);
      // Staff may look but never act as a party; strangers do not learn the transaction exists.
      expect(outcome(moderator, action), `${action} by moderator`).toBe('403 FORBIDDEN');
      expect(outcome(admin, action), `${action} by admin`).toBe('403 FORBIDDEN');
      expect(outcome(stranger, action), `${action} by stranger`).toBe('404 NOT_FOUND');
    }
  });

  it('names the party who may act', () => {
    expect(() => authorize(t, buyer, 'accept')).toThrow(M.onlySellerAccept);
    expect(() => authorize(t, seller, 'confirm')).toThrow(M.onlyBuyerConfirm);
    expect(() => authorize(t, moderator, 'cancel')).toThrow(M.onlyPartiesCancel);
    expect(() => authorize(t, unverifiedSeller, 'accept')).toThrow(M.verifyEmailFirst);
  });
});

describe('the state machine', () => {
  const allowed = (action: TransactionAction) =>
    TRANSACTION_STATUSES.flatMap((s) =>
      PAYMENT_STATUSES.filter((p) => transitionProblem(action, s, p) === null).map((p) => `${s}/${p}`),
    );

  it('allows each action only from its states', () => {
    expect(allowed('accept')).toEqual(['pending/unpaid', 'pending/succeeded', 'pending/refunded']);
    expect(allowed('decline')).toEqual(allowed('accept'));
    expect(allowed('cancel')).toEqual(allowed('accept'));
    expect(allowed('confirm')).toEqual(['active/succeeded']);
    expect(allowed('fund')).toEqual(['pending/unpaid', 'active/unpaid']);
  });

  it('answers every refusal with a stable code and the spec message', () => {
    const refusal = (action: TransactionAction, s: TTransactionStatus, p: TPaymentStatus = 'unpaid') =>
      transitionProblem(action, s, p);
    expect(refusal('accept', 'active')).toEqual({ code: 'ALREADY_ACCEPTED', message: M.alreadyAccepted });
    expect(refusal('cancel', 'completed')).toEqual({ code: 'ALREADY_COMPLETED', message: M.alreadyCompleted });
    expect(refusal('decline', 'cancelled')).toEqual({ code: 'ALREADY_CANCELLED', message: M.alreadyCancelled });
    expect(refusal('confirm', 'pending', 'succeeded')).toEqual({ code: 'NOT_ACTIVE', message: M.notActive });
    expect(refusal('confirm', 'active')).toEqual({ code: 'NOT_FUNDED', message: M.notFunded });
    expect(refusal('fund', 'active', 'succeeded')).toEqual({ code: 'ALREADY_FUNDED', message: M.alreadyFunded });
    expect(refusal('fund', 'pending', 'refunded')).toEqual({ code: 'ALREADY_FUNDED', message: M.alreadyFunded });
  });

  it('freezes a disputed transaction: no confirm, cancel, decline or funding', () => {
    for (const action of ['accept', 'decline', 'cancel', 'confirm', 'fund'] as const) {
      expect(transitionProblem(action, 'disputed', 'succeeded')).toEqual({
        code: 'UNDER_DISPUTE',
        message: M.underDispute,
      });
    }
    expect(() => assertTransition('confirm', 'disputed', 'succeeded')).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'UNDER_DISPUTE' }),
    );
  });

  it('moves to the next status; funding keeps it', () => {
    expect(nextStatus('accept', 'pending')).toBe('active');
    expect(nextStatus('decline', 'pending')).toBe('cancelled');
    expect(nextStatus('cancel', 'pending')).toBe('cancelled');
    expect(nextStatus('confirm', 'active')).toBe('completed');
    expect(nextStatus('fund', 'pending')).toBe('pending');
    expect(nextStatus('fund', 'active')).toBe('active');
  });
});

describe('delivery, the late-delivery cancel and the timers (pure, `now` passed in)', () => {
  const day = 24 * 60 * 60 * 1000;
  const t0 = new Date('2026-01-05T10:00:00Z');
  const at = (days: number, ms = 0) => new Date(t0.getTime() + days * day + ms);
  const row = (over: Partial<TimedRow> = {}): TimedRow => ({
    status: 'active',
    paymentStatus: 'succeeded',
    createdAt: t0,
    fundedAt: t0,
    acceptedAt: t0,
    expectedDeliveryDate: null,
    deliveredAt: null,
    autoReleaseAt: null,
    ...over,
  });
  const delivered = row({ deliveredAt: at(1), autoReleaseAt: at(4) });

  it('deliver: active and funded only, once', () => {
    expect(actionProblem('deliver', row(), 'seller', t0)).toBeNull();
    expect(actionProblem('deliver', row({ status: 'pending' }), 'seller', t0)?.code).toBe('NOT_DELIVERABLE');
    expect(actionProblem('deliver', row({ paymentStatus: 'unpaid' }), 'seller', t0)?.code).toBe('NOT_DELIVERABLE');
    expect(actionProblem('deliver', delivered, 'seller', t0)?.code).toBe('ALREADY_DELIVERED');
    expect(actionProblem('deliver', row({ status: 'disputed' }), 'seller', t0)?.code).toBe('UNDER_DISPUTE');
  });

  it("the buyer's cancel of an accepted deal: only once delivery is late, never after delivery; the seller never", () => {
    const late = at(7);
    expect(actionProblem('cancel', row(), 'buyer', new Date(late.getTime() - 1))?.code).toBe('LATE_CANCEL_NOT_YET');
    expect(actionProblem('cancel', row(), 'buyer', late)).toBeNull();
    expect(actionProblem('cancel', row(), 'seller', late)?.code).toBe('ALREADY_ACCEPTED');
    expect(actionProblem('cancel', row({ paymentStatus: 'unpaid' }), 'buyer', late)?.code).toBe('ALREADY_ACCEPTED');
    expect(actionProblem('cancel', { ...delivered }, 'buyer', at(30))?.code).toBe('ALREADY_DELIVERED');
    expect(actionProblem('cancel', row({ expectedDeliveryDate: '2026-01-20' }), 'buyer', at(20))?.code).toBe(
      'LATE_CANCEL_NOT_YET',
    );
    expect(actionProblem('cancel', row({ expectedDeliveryDate: '2026-01-20' }), 'buyer', at(22))).toBeNull();
    expect(cancelEnding('cancel', 'active')).toBe('cancel_late_delivery');
    expect(cancelEnding('cancel', 'pending')).toBe('cancel');
    expect(cancelEnding('decline', 'pending')).toBe('decline');
  });

  it('auto-release is due from autoReleaseAt, only while active, funded and delivered', () => {
    expect(autoReleaseDue(delivered, new Date(at(4).getTime() - 1))).toBe(false);
    expect(autoReleaseDue(delivered, at(4))).toBe(true);
    for (const status of ['disputed', 'completed', 'cancelled'] as const) {
      expect(autoReleaseDue({ ...delivered, status }, at(40)), status).toBe(false);
    }
    expect(inspectionReminderDue(delivered, at(3))).toBe(true);
    expect(inspectionReminderDue(delivered, at(4))).toBe(false);
    expect(inspectionReminderDue({ ...delivered, status: 'disputed' }, at(3))).toBe(false);
    expect(inspectionReminderAt(at(4), at(1))).toEqual(at(3));
    expect(inspectionReminderAt(at(2), at(1))).toBeNull();
  });

  it('deadlines: each only in the state that started it; a disputed deal never', () => {
    const unpaid = row({ status: 'pending', paymentStatus: 'unpaid', fundedAt: null, acceptedAt: null });
    expect(deadlineDue(unpaid, 'unfunded', at(7, -1))).toBe(false);
    expect(deadlineDue(unpaid, 'unfunded', at(7))).toBe(true);
    expect(deadlineDue({ ...unpaid, status: 'active' }, 'unfunded', at(7))).toBe(true);
    expect(deadlineDue(unpaid, 'unaccepted', at(30))).toBe(false);
    const funded = row({ status: 'pending', fundedAt: at(2), acceptedAt: null });
    expect(deadlineDue(funded, 'unfunded', at(30))).toBe(false);
    expect(deadlineDue(funded, 'unaccepted', at(9, -1))).toBe(false);
    expect(deadlineDue(funded, 'unaccepted', at(9))).toBe(true);
    expect(deadlineDue({ ...funded, status: 'active' }, 'unaccepted', at(30))).toBe(false);
    expect(deadlineDue({ ...funded, status: 'disputed' }, 'unaccepted', at(30))).toBe(false);
  });
});

describe('allowedActions: what the viewer may do now, by the rules the server enforces', () => {
  const day = 24 * 60 * 60 * 1000;
  const t0 = new Date('2026-01-05T10:00:00Z');
  const at = (days: number, ms = 0) => new Date(t0.getTime() + days * day + ms);
  const deal = (over: Partial<ActionableRow> = {}): ActionableRow => ({
    ...t,
    sellerId: 'seller-1',
    status: 'pending',
    paymentStatus: 'unpaid',
    createdAt: t0,
    fundedAt: null,
    acceptedAt: null,
    expectedDeliveryDate: null,
    deliveredAt: null,
    autoReleaseAt: null,
    ...over,
  });
  const accepted = { status: 'active', paymentStatus: 'succeeded', fundedAt: t0, acceptedAt: t0 } as const;
  const beforeLate = at(7, -1);
  const late = at(7);

  it('matches the table of status × funding × delivery × party', () => {
    const cases: [string, ActionableRow, Date, TTransactionAction[], TTransactionAction[]][] = [
      // name, deal, now, the buyer's actions, the seller's actions
      ['pending, unfunded', deal(), t0, ['cancel', 'fund'], ['accept', 'decline', 'cancel']],
      [
        'pending, funded',
        deal({ paymentStatus: 'succeeded', fundedAt: t0 }),
        t0,
        ['cancel', 'dispute'],
        ['accept', 'decline', 'cancel', 'dispute'],
      ],
      ['pending, refunded', deal({ paymentStatus: 'refunded' }), t0, ['cancel'], ['accept', 'decline', 'cancel']],
      ['active, unfunded', deal({ status: 'active', acceptedAt: t0 }), t0, ['fund'], []],
      ['active, funded', deal(accepted), beforeLate, ['confirm', 'dispute'], ['deliver', 'dispute']],
      ['active, funded, late', deal(accepted), late, ['cancel', 'confirm', 'dispute'], ['deliver', 'dispute']],
      [
        'active, funded, delivered',
        deal({ ...accepted, deliveredAt: at(1), autoReleaseAt: at(4) }),
        at(30),
        ['confirm', 'dispute'],
        ['dispute'],
      ],
      ['active, refunded', deal({ ...accepted, paymentStatus: 'refunded' }), t0, [], []],
      ['completed', deal({ ...accepted, status: 'completed' }), t0, ['review'], ['review']],
      // No account holds the seller email verified: nobody to review, and nobody is its seller.
      ['completed, the seller has no account', deal({ ...accepted, status: 'completed', sellerId: null }), t0, [], []],
      ['disputed', deal({ ...accepted, status: 'disputed' }), late, [], []],
      ['cancelled, refunded', deal({ status: 'cancelled', paymentStatus: 'refunded' }), t0, [], []],
      ['cancelled, unfunded', deal({ status: 'cancelled' }), t0, [], []],
    ];
    for (const [name, row, now, forBuyer, forSeller] of cases) {
      expect(allowedActions(row, buyer, now), `${name}: buyer`).toEqual(forBuyer);
      expect(allowedActions(row, seller, now), `${name}: seller`).toEqual(forSeller);
      // Staff only look; an unverified seller and a stranger do not see the deal at all.
      for (const other of [moderator, admin, unverifiedSeller, stranger]) {
        expect(allowedActions(row, other, now), `${name}: ${other.id}`).toEqual([]);
      }
    }
  });

  it('lists exactly what the checks let through (authorize, assertAction, assertDisputable, assertReviewable)', () => {
    const passes = (check: () => void) => {
      try {
        check();
        return true;
      } catch {
        return false;
      }
    };
    const nows = [t0, beforeLate, late, at(30)];
    for (const status of TRANSACTION_STATUSES)
      for (const paymentStatus of PAYMENT_STATUSES)
        for (const deliveredAt of [null, at(1)])
          for (const sellerId of ['seller-1', null])
            for (const now of nows)
              for (const who of [buyer, seller, unverifiedSeller, moderator, admin, stranger]) {
                const row = deal({ status, paymentStatus, deliveredAt, sellerId, acceptedAt: t0, fundedAt: t0 });
                const rel = relationOf(row, who);
                const party = rel.isBuyer || rel.isSeller;
                const by = rel.isBuyer ? 'buyer' : 'seller';
                const letThrough = (action: TTransactionAction) => {
                  if (action === 'cancel_remaining') return false; // only a deal paid in stages has stages
                  if (action === 'dispute') return party && passes(() => assertDisputable(row));
                  if (action === 'review')
                    return party && passes(() => assertReviewable(status, rel.isBuyer ? sellerId : row.buyerId));
                  return passes(() => authorize(row, who, action)) && passes(() => assertAction(action, row, by, now));
                };
                const expected = (
                  ['accept', 'decline', 'cancel', 'fund', 'deliver', 'confirm', 'dispute', 'review'] as const
                ).filter(letThrough);
                expect(
                  allowedActions(row, who, now),
                  `${status}/${paymentStatus} ${who.id} ${now.toISOString()}`,
                ).toEqual(expected);
              }
  });

  it('changes with the clock alone only when the late-delivery cancel opens', () => {
    expect(allowedActionsChangeAt(deal(accepted), t0)).toEqual(late);
    expect(allowedActionsChangeAt(deal(accepted), late)).toBeNull();
    expect(allowedActionsChangeAt(deal({ ...accepted, deliveredAt: at(1) }), t0)).toBeNull();
    expect(allowedActionsChangeAt(deal(), t0)).toBeNull();
    // Before that moment the answer holds whatever the time; from it, the buyer may cancel.
    expect(allowedActions(deal(accepted), buyer, t0)).toEqual(allowedActions(deal(accepted), buyer, beforeLate));
    expect(allowedActions(deal(accepted), buyer, late)).toContain('cancel');
  });

  it('a dispute needs money in escrow, once; a review a completed deal and an account to review', () => {
    expect(() => assertDisputable(deal())).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'NOT_DISPUTABLE', message: DISPUTE_MESSAGES.notDisputable }),
    );
    expect(() => assertDisputable(deal({ ...accepted, status: 'disputed' }))).toThrow(
      expect.objectContaining({ code: 'UNDER_DISPUTE', message: DISPUTE_MESSAGES.alreadyDisputed }),
    );
    expect(() => assertDisputable(deal({ ...accepted, status: 'completed' }))).toThrow(
      expect.objectContaining({ code: 'NOT_DISPUTABLE' }),
    );
    expect(() => assertDisputable(deal(accepted))).not.toThrow();
    expect(() => assertReviewable('active', 'seller-1')).toThrow(
      expect.objectContaining({ code: 'NOT_COMPLETED', message: REVIEW_MESSAGES.notCompleted }),
    );
    expect(() => assertReviewable('completed', null)).toThrow(
      expect.objectContaining({ code: 'SELLER_MISSING', message: M.sellerMissing }),
    );
    expect(() => assertReviewable('completed', 'seller-1')).not.toThrow();
  });
});
