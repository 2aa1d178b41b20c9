import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, isoDatePlusDays } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail } from '../../test/factories.js';
import {
  acceptTransaction,
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  parties,
} from '../../test/money-factories.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { transactionEvents } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
async function expectLedgerOk() {
  const result = await checkLedger(db());
  expect(result.problems).toEqual([]);
}

describe('POST /api/transactions', () => {
  it('creates a pending, unpaid transaction with fee and total, the caller as buyer', async () => {
    // USD 1 000 is above tier 1's limit: a phone-verified buyer (issue 30).
    const { buyer, seller } = await parties(t.app, 2);
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount: 1000,
      currency: 'USD',
      sellerEmail: seller.email.toUpperCase(),
      description: '  A guitar  ',
      type: 'product',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '1000.00',
      fee: '30.00',
      total: '1030.00',
      currency: 'USD',
      status: 'pending',
      paymentStatus: 'unpaid',
      description: 'A guitar',
      type: 'product',
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      sellerEmail: seller.email,
      buyer: { id: buyer.user.id, email: buyer.email },
      seller: { id: seller.user.id },
      viewerRole: 'buyer',
      acceptedAt: null,
      expectedDeliveryDate: null,
    });
  });

  it('rounds the fee half-up to the cent', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '123.45', currency: 'USD' });
    expect([created.fee, created.total]).toEqual(['3.70', '127.15']);
    const half = await createTransaction(t.app, buyer, seller.email, { amount: '50.50', currency: 'ZAR' });
    expect(half.fee).toBe('1.52'); // 151.5 cents -> 152
  });

  it('defaults the type to product and invites a seller who has no account yet', async () => {
    const buyer = await registerUser(t.app);
    const created = await createTransaction(t.app, buyer, uniqueEmail('invitee'));
    expect(created.type).toBe('product');
    expect(created.sellerId).toBeNull();
    expect(created.seller).toBeNull();
  });

  it.each([
    [{ amount: '49.99', currency: 'ZAR' }, 'amount', 'Amount must be at least R'],
    [{ amount: '1000000.01', currency: 'ZAR' }, 'amount', 'Amount cannot exceed R'],
    [{ amount: '10.001', currency: 'USD' }, 'amount', 'Amount can have at most 2 decimal places'],
    [{ amount: 'abc', currency: 'USD' }, 'amount', 'Enter a valid amount'],
    [{ amount: -10, currency: 'USD' }, 'amount', 'Enter a valid amount'],
    [{ amount: '100', currency: 'XYZ' }, 'currency', 'Unsupported currency'],
    [{ sellerEmail: 'not-an-email' }, 'sellerEmail', 'Enter a valid seller email address'],
    [{ description: '   ' }, 'description', 'Description is required'],
    [{ description: 'x'.repeat(2001) }, 'description', 'Description must be at most 2000 characters'],
    [{ type: 'gift' }, 'type', ''],
  ])('refuses %j', async (override, field, message) => {
    const buyer = await registerUser(t.app);
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount: '100.00',
      currency: 'USD',
      sellerEmail: uniqueEmail('s'),
      description: 'Thing',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain(field);
    expect(res.json().message).toContain(message);
  });

  it('refuses the buyer as their own seller', async () => {
    const buyer = await registerUser(t.app);
    const res = await as(t.app, buyer)('POST', '/api/transactions', {
      amount: '100',
      currency: 'ZAR',
      sellerEmail: buyer.email.toUpperCase(),
      description: 'Thing',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot create a transaction with yourself as the seller');
  });

  it.each(['seller', 'moderator', 'admin'] as const)(
    'lets only buyer accounts create (spec section 6): a %s gets 403 and nothing is written',
    async (role) => {
      const caller = await registerUser(t.app, { role });
      const res = await as(t.app, caller)('POST', '/api/transactions', {
        amount: '100',
        currency: 'ZAR',
        sellerEmail: uniqueEmail(),
        description: 'Not mine to start',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only buyer accounts can create transactions' });
      expect((await as(t.app, caller)('GET', '/api/transactions')).json()).toEqual([]);
    },
  );

  it('requires a session', async () => {
    const res = await as(t.app, null)('POST', '/api/transactions', {
      amount: '100',
      currency: 'ZAR',
      sellerEmail: uniqueEmail(),
      description: 'x',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/transactions and /api/transactions/:id', () => {
  it('lists transactions of the buyer and the verified seller, newest first; hides them from others', async () => {
    const { buyer, seller } = await parties(t.app);
    const first = await createTransaction(t.app, buyer, seller.email, { description: 'first' });
    const second = await createTransaction(t.app, buyer, seller.email, { description: 'second' });

    const mine = (await as(t.app, buyer)('GET', '/api/transactions')).json();
    expect(mine.map((x: { id: string }) => x.id)).toEqual([second.id, first.id]);
    const theirs = (await as(t.app, seller)('GET', '/api/transactions')).json();
    expect(theirs.map((x: { id: string; viewerRole: string }) => [x.id, x.viewerRole])).toEqual([
      [second.id, 'seller'],
      [first.id, 'seller'],
    ]);

    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', '/api/transactions')).json()).toEqual([]);
    const res = await as(t.app, stranger)('GET', `/api/transactions/${first.id}`);
    expect(res.statusCode).toBe(404);
    expect((await as(t.app, stranger)('GET', '/api/transactions/not-a-uuid')).statusCode).toBe(404);
    expect((await as(t.app, null)('GET', `/api/transactions/${first.id}`)).statusCode).toBe(401);
  });

  it('shows nothing to a seller whose email is not verified yet', async () => {
    const buyer = await registerUser(t.app);
    const unverified = await registerUser(t.app, { verified: false });
    const created = await createTransaction(t.app, buyer, unverified.email);
    expect((await as(t.app, unverified)('GET', '/api/transactions')).json()).toEqual([]);
    expect((await as(t.app, unverified)('GET', `/api/transactions/${created.id}`)).statusCode).toBe(404);
    expect(created.sellerId).toBeNull();
  });

  it('lets moderators and admins read any transaction', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const admin = await registerUser(t.app, { role: 'admin' });
    expect((await as(t.app, moderator)('GET', `/api/transactions/${created.id}`)).json().viewerRole).toBe('moderator');
    expect((await as(t.app, admin)('GET', `/api/transactions/${created.id}`)).json().viewerRole).toBe('admin');
  });
});

describe('PATCH /api/transactions/:id/accept', () => {
  it('lets the seller accept with delivery details: pending → active', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const date = isoDatePlusDays(3);
    const res = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {
      expectedDeliveryDate: date,
      deliveryNotes: '  Courier, tracking by email  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      expectedDeliveryDate: date,
      deliveryNotes: 'Courier, tracking by email',
      viewerRole: 'seller',
    });
    expect(res.json().acceptedAt).toBeTruthy();

    const again = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_ACCEPTED',
      message: 'This transaction has already been accepted',
    });

    const events = await db().select().from(transactionEvents).where(eq(transactionEvents.transactionId, created.id));
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorId])).toEqual(
      expect.arrayContaining([
        ['create', 'none', 'pending', buyer.user.id],
        ['accept', 'pending', 'active', seller.user.id],
      ]),
    );
  });

  it('accepts without a body, omitting empty notes', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const res = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deliveryNotes).toBeNull();
  });

  it('refuses a delivery date of today or earlier', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    for (const expectedDeliveryDate of [isoDatePlusDays(0), isoDatePlusDays(-5), '2030-13-01', 'soon']) {
      const res = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, { expectedDeliveryDate });
      expect(res.statusCode).toBe(400);
    }
    const res = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {
      deliveryNotes: 'x'.repeat(1001),
    });
    expect(res.statusCode).toBe(400);
  });

  it('denies the buyer (403), a stranger (404) and an unverified seller (403, verify first)', async () => {
    const buyer = await registerUser(t.app);
    const unverified = await registerUser(t.app, { verified: false });
    const created = await createTransaction(t.app, buyer, unverified.email);
    const url = `/api/transactions/${created.id}/accept`;

    const byBuyer = await as(t.app, buyer)('PATCH', url, {});
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe('Only the seller can accept this transaction');

    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('PATCH', url, {})).statusCode).toBe(404);

    const byUnverified = await as(t.app, unverified)('PATCH', url, {});
    expect(byUnverified.statusCode).toBe(403);
    expect(byUnverified.json().message).toMatch(/verify your email/);

    const moderator = await registerUser(t.app, { role: 'moderator' });
    expect((await as(t.app, moderator)('PATCH', url, {})).statusCode).toBe(403);
  });
});

describe('decline and cancel', () => {
  it('lets the seller decline and either party cancel a pending transaction', async () => {
    const { buyer, seller } = await parties(t.app);
    const a = await createTransaction(t.app, buyer, seller.email);
    const declined = await as(t.app, seller)('PATCH', `/api/transactions/${a.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(declined.json().cancelledAt).toBeTruthy();

    const b = await createTransaction(t.app, buyer, seller.email);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${b.id}/cancel`)).json().status).toBe('cancelled');
    const c = await createTransaction(t.app, buyer, seller.email);
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${c.id}/cancel`)).json().status).toBe('cancelled');

    const again = await as(t.app, buyer)('PATCH', `/api/transactions/${b.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CANCELLED', message: 'This transaction has been cancelled' });
  });

  it('denies declining by the buyer and cancelling by strangers', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const byBuyer = await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/decline`);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe('Only the seller can decline this transaction');
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('PATCH', `/api/transactions/${created.id}/cancel`)).statusCode).toBe(404);
  });

  it('refuses to cancel after acceptance', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await acceptTransaction(t.app, seller, created.id);
    const res = await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ALREADY_ACCEPTED',
      message: 'This transaction has already been accepted',
    });
  });

  it('returns the whole funded total to the buyer wallet when a funded transaction is declined', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '200.00' });
    await creditWallet(db(), buyer.user.id, 25_000n);
    await fundFromWallet(t.app, buyer, created.id);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(25_000n - 20_600n);

    const res = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/decline`);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(25_000n);
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(0n);
    await expectLedgerOk();
  });
});

describe('POST /api/transactions/:id/fund-from-wallet', () => {
  it('moves the total from the buyer wallet into escrow', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email, { amount: '100.00', currency: 'USD' });
    await creditWallet(db(), buyer.user.id, 20_000n, 'USD');
    await creditWallet(db(), buyer.user.id, 50_000n, 'ZAR');
    const res = await as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'succeeded', status: 'pending' });
    expect(await getWalletBalance(db(), buyer.user.id, 'USD')).toBe(20_000n - 10_300n);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(50_000n);
    expect(await getAccountBalance(db(), `escrow:${created.id}:USD`)).toBe(10_300n);

    const again = await as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_FUNDED', message: 'This transaction has already been funded' });
    await expectLedgerOk();
  });

  it('can fund after acceptance too', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await acceptTransaction(t.app, seller, created.id);
    await creditWallet(db(), buyer.user.id, 10_300n);
    expect((await fundFromWallet(t.app, buyer, created.id)).paymentStatus).toBe('succeeded');
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(0n);
  });

  it('refuses when the wallet does not cover the total, moving nothing', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 10_299n);
    const res = await as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_299n);
    expect((await as(t.app, buyer)('GET', `/api/transactions/${created.id}`)).json().paymentStatus).toBe('unpaid');
  });

  it('denies the seller (403) and strangers (404); refuses cancelled transactions', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), seller.user.id, 100_000n);
    const bySeller = await as(t.app, seller)('POST', `/api/transactions/${created.id}/fund-from-wallet`);
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().message).toBe('Only the buyer can fund this transaction');
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('POST', `/api/transactions/${created.id}/fund-from-wallet`)).statusCode).toBe(
      404,
    );

    await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/cancel`);
    await creditWallet(db(), buyer.user.id, 100_000n);
    const res = await as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_CANCELLED', message: 'This transaction has been cancelled' });
  });
});

describe('PATCH /api/transactions/:id/confirm', () => {
  it('releases escrow: the fee to fees and the amount to the seller wallet, active → completed', async () => {
    const feesBefore = await getAccountBalance(db(), 'fees:ZAR');
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    const res = await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: `  ${CONFIRMATION_PHRASE.toLowerCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', paymentStatus: 'succeeded' });
    expect(res.json().completedAt).toBeTruthy();
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect((await getAccountBalance(db(), 'fees:ZAR')) - feesBefore).toBe(300n);
    expect(await getAccountBalance(db(), `escrow:${transaction.id}:ZAR`)).toBe(0n);

    const again = await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_COMPLETED',
      message: 'This transaction has already been completed',
    });
    await expectLedgerOk();
  });

  it('refuses a wrong phrase (400) and moves nothing', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const res = await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: 'I HAVE RECEIVED',
    });
    expect(res.statusCode).toBe(400);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(0n);
  });

  it('denies the seller (403) and strangers (404)', async () => {
    const { seller, transaction } = await acceptedFundedTransaction(t.app);
    const url = `/api/transactions/${transaction.id}/confirm`;
    const bySeller = await as(t.app, seller)('PATCH', url, { confirmationPhrase: CONFIRMATION_PHRASE });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().message).toBe('Only the buyer can confirm receipt');
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('PATCH', url, { confirmationPhrase: CONFIRMATION_PHRASE })).statusCode).toBe(404);
  });

  it('refuses to confirm an unfunded or a not yet accepted transaction (409)', async () => {
    const { buyer, seller } = await parties(t.app);
    const unfunded = await createTransaction(t.app, buyer, seller.email);
    await acceptTransaction(t.app, seller, unfunded.id);
    const res = await as(t.app, buyer)('PATCH', `/api/transactions/${unfunded.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_FUNDED', message: expect.stringMatching(/not been funded/) });

    const pending = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, pending.id);
    const early = await as(t.app, buyer)('PATCH', `/api/transactions/${pending.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'NOT_ACTIVE',
      message: expect.stringMatching(/accepted by the seller/),
    });
  });
});
