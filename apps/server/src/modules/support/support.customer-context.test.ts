import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SUPPORT_MESSAGES as M, type TSupportCustomerContext } from '@holdfast/contracts';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, createTransaction } from '../../test/money-factories.js';

/** GET /api/support/customers/:userId/context: who the customer beside a chat is, and their latest deals. */
let t: TestApp;
let moderator: RegisteredUser;
let admin: RegisteredUser;
let customer: RegisteredUser;
let seller: RegisteredUser;
let stranger: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  [moderator, admin, customer, seller, stranger] = await Promise.all([
    registerUser(t.app, { role: 'moderator' }),
    registerUser(t.app, { role: 'admin' }),
    registerUser(t.app, { firstName: 'Thandi', lastName: 'Nkosi' }),
    registerUser(t.app, { role: 'seller', firstName: 'Sipho', lastName: 'Seller' }),
    registerUser(t.app),
  ]);
});
afterAll(() => t.close());

const contextOf = (who: RegisteredUser | null, userId: string) =>
  as(t.app, who)('GET', `/api/support/customers/${encodeURIComponent(userId)}/context`);

describe('GET /api/support/customers/:userId/context', () => {
  it('is for staff only: signed out 401, buyers and sellers 403 (their own context too), an unknown id 404', async () => {
    expect((await contextOf(null, customer.user.id)).statusCode).toBe(401);
    for (const who of [customer, seller, stranger]) {
      const res = await contextOf(who, customer.user.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: M.contextStaffOnly });
      expect(res.body).not.toContain('Thandi');
    }
    const missing = await contextOf(moderator, 'no-such-account');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: M.customerNotFound });
  });

  it('shows the account as stored and the latest deals and disputes, on both sides, and nobody else’s', async () => {
    // Six purchases, a sale (the customer as the seller account) and a dispute on one of the purchases.
    for (let i = 1; i <= 5; i += 1)
      await createTransaction(t.app, customer, seller.email, { description: `Item ${i}` });
    const sale = await createTransaction(t.app, stranger, customer.email, { description: 'Sold by Thandi' });
    const disputed = await acceptedFundedTransaction(
      t.app,
      { description: 'Cracked vase' },
      { buyer: customer, seller },
    );
    const dispute = await as(t.app, customer)('POST', '/api/disputes', {
      transactionId: disputed.transaction.id,
      type: 'quality_issue',
      description: 'Arrived cracked',
    });
    expect(dispute.statusCode).toBe(201);
    await createTransaction(t.app, stranger, seller.email, { description: 'Not Thandi’s' });
    await t.app.database.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, customer.user.id));

    for (const staff of [moderator, admin]) {
      const res = await contextOf(staff, customer.user.id);
      expect(res.statusCode).toBe(200);
      const c = res.json() as TSupportCustomerContext;
      expect(c.customer).toMatchObject({
        id: customer.user.id,
        firstName: 'Thandi',
        lastName: 'Nkosi',
        email: customer.email,
        role: 'buyer',
        emailVerified: true,
        phoneVerified: false,
        kycStatus: 'pending',
      });
      expect(c.transactions.count).toBe(7);
      expect(c.transactions.recent.map((x) => x.description)).toEqual([
        'Cracked vase',
        'Sold by Thandi',
        'Item 5',
        'Item 4',
        'Item 3',
      ]);
      expect(c.transactions.recent[0]).toMatchObject({
        id: disputed.transaction.id,
        role: 'buyer',
        amount: '100.00',
        currency: 'ZAR',
        status: 'disputed',
      });
      expect(c.transactions.recent[1]).toMatchObject({ id: sale.id, role: 'seller', status: 'pending' });
      expect(c.disputes).toEqual({
        count: 1,
        recent: [
          {
            id: dispute.json().id,
            transactionId: disputed.transaction.id,
            description: 'Cracked vase',
            role: 'buyer',
            status: 'open',
            resolution: null,
            createdAt: expect.any(String),
          },
        ],
      });
      // The seller's side of the same case.
      const theirs = (await contextOf(staff, seller.user.id)).json() as TSupportCustomerContext;
      expect(theirs.disputes.recent[0]).toMatchObject({ id: dispute.json().id, role: 'seller' });
      expect(theirs.transactions.count).toBe(7);
    }
  });

  it('a new customer: their account and empty lists', async () => {
    const fresh = await registerUser(t.app, { verified: false });
    const c = (await contextOf(admin, fresh.user.id)).json() as TSupportCustomerContext;
    expect(c.customer).toMatchObject({ emailVerified: false, kycStatus: 'unverified' });
    expect(c.transactions).toEqual({ count: 0, recent: [] });
    expect(c.disputes).toEqual({ count: 0, recent: [] });
  });
});
