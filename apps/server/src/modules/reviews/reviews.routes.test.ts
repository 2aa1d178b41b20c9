import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE, REVIEW_MESSAGES as M } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A completed transaction: funded, accepted, receipt confirmed. */
async function completed() {
  const deal = await acceptedFundedTransaction(t.app);
  const res = await as(t.app, deal.buyer)('PATCH', `/api/transactions/${deal.transaction.id}/confirm`, {
    confirmationPhrase: CONFIRMATION_PHRASE,
  });
  expect(res.statusCode).toBe(200);
  return deal;
}

const review = (who: RegisteredUser | null, body: object) => as(t.app, who)('POST', '/api/reviews', body);

describe('POST /api/reviews', () => {
  it('each party reviews the other once after completion; the reviews list shows both', async () => {
    const { buyer, seller, transaction } = await completed();
    const byBuyer = await review(buyer, {
      transactionId: transaction.id,
      revieweeId: seller.user.id,
      rating: 5,
      comment: '  Fast and friendly  ',
      reviewerRole: 'buyer',
    });
    expect(byBuyer.statusCode).toBe(201);
    expect(byBuyer.json()).toMatchObject({
      transactionId: transaction.id,
      revieweeId: seller.user.id,
      rating: 5,
      comment: 'Fast and friendly',
      reviewerRole: 'buyer',
      reviewer: { firstName: 'Test', lastName: 'Buyer', profileImageUrl: null },
    });
    // The server works out who is reviewed: the seller sends only the rating.
    const bySeller = await review(seller, { transactionId: transaction.id, rating: 4, comment: '' });
    expect(bySeller.statusCode).toBe(201);
    expect(bySeller.json()).toMatchObject({ revieweeId: buyer.user.id, reviewerRole: 'seller', comment: null });

    const again = await review(buyer, { transactionId: transaction.id, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED', message: M.alreadyReviewed });

    const list = await as(t.app, seller)('GET', `/api/transactions/${transaction.id}/reviews`);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((r: { reviewerRole: string }) => r.reviewerRole)
        .sort(),
    ).toEqual(['buyer', 'seller']);
  });

  it('refuses before completion (409), strangers (404), staff (403), the signed-out (401)', async () => {
    const { buyer, transaction } = await acceptedFundedTransaction(t.app);
    const early = await review(buyer, { transactionId: transaction.id, rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_COMPLETED', message: M.notCompleted });

    const done = await completed();
    const stranger = await registerUser(t.app);
    expect((await review(stranger, { transactionId: done.transaction.id, rating: 5 })).statusCode).toBe(404);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    expect((await review(moderator, { transactionId: done.transaction.id, rating: 5 })).statusCode).toBe(403);
    expect((await review(null, { transactionId: done.transaction.id, rating: 5 })).statusCode).toBe(401);
    expect((await as(t.app, stranger)('GET', `/api/transactions/${done.transaction.id}/reviews`)).statusCode).toBe(404);
  });

  it('refuses a reviewee or role that is not the other party, bad ratings and long comments', async () => {
    const { buyer, transaction } = await completed();
    const stranger = await registerUser(t.app);
    const wrong = await review(buyer, { transactionId: transaction.id, revieweeId: stranger.user.id, rating: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.wrongReviewee);
    const self = await review(buyer, { transactionId: transaction.id, revieweeId: buyer.user.id, rating: 5 });
    expect(self.statusCode).toBe(400);
    expect((await review(buyer, { transactionId: transaction.id, rating: 5, reviewerRole: 'seller' })).statusCode).toBe(
      400,
    );
    for (const rating of [0, 6, 2.5, '5', null]) {
      const res = await review(buyer, { transactionId: transaction.id, rating });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: M.invalidRating });
    }
    const long = await review(buyer, { transactionId: transaction.id, rating: 5, comment: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(M.commentTooLong);
    const ok = await review(buyer, { transactionId: transaction.id, rating: 3, comment: 'x'.repeat(500) });
    expect(ok.statusCode).toBe(201);
  });

  it('two submissions at once: one 201, one 409, never a 500', async () => {
    const { buyer, transaction } = await completed();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => review(buyer, { transactionId: transaction.id, rating: 4 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

describe('GET /api/users/:id/reviews', () => {
  it('is public: the reviews a person received with their average, and no emails', async () => {
    const { buyer, seller, transaction } = await completed();
    await review(buyer, { transactionId: transaction.id, rating: 4, comment: '<script>alert(1)</script>' });
    // A review of somebody else counts for them only.
    const other = await completed();
    await review(other.buyer, { transactionId: other.transaction.id, rating: 1 });

    const res = await t.app.inject({ method: 'GET', url: `/api/users/${seller.user.id}/reviews` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ count: 1, averageRating: 4 });
    expect(body.reviews[0]).toMatchObject({ rating: 4, comment: '<script>alert(1)</script>', reviewerRole: 'buyer' });
    expect(res.body).not.toContain('@');
    const nobody = await t.app.inject({ method: 'GET', url: '/api/users/nobody/reviews' });
    expect(nobody.json()).toEqual({ reviews: [], summary: { count: 0, averageRating: null } });
  });
});
