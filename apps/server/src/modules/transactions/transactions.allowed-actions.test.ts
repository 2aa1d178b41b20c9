import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIRMATION_PHRASE,
  TRANSACTION_ACTIONS,
  type TTransaction,
  type TTransactionAction,
} from '@holdfast/contracts';
import { adjustableClock, DAY, type AdjustableClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  acceptTransaction,
  as,
  createTransaction,
  creditWallet,
  deliverTransaction,
  fundFromWallet,
} from '../../test/money-factories.js';

/**
 * `allowedActions` against the server itself: each transaction state, seen by its buyer, its seller and a
 * moderator, lists exactly the actions the API then accepts; every one it leaves out is refused.
 */
let t: TestApp;
let clock: AdjustableClock;
let buyer: RegisteredUser;
let seller: RegisteredUser;
let moderator: RegisteredUser;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
  t = await createTestApp({ clock });
  [buyer, seller, moderator] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app, { role: 'seller' }),
    registerUser(t.app, { role: 'moderator' }),
  ]);
  // Enough for every deal below (ZAR 100.00 -> 103.00 each).
  await creditWallet(t.app.database.db, buyer.user.id, 10_000_00n);
});
afterAll(() => t.close());

/** Takes `action` through its route. */
function attempt(who: RegisteredUser, id: string, action: TTransactionAction) {
  const call = as(t.app, who);
  switch (action) {
    case 'fund':
      return call('POST', `/api/transactions/${id}/fund-from-wallet`);
    case 'confirm':
      return call('PATCH', `/api/transactions/${id}/confirm`, { confirmationPhrase: CONFIRMATION_PHRASE });
    case 'dispute':
      return call('POST', '/api/disputes', { transactionId: id, type: 'other', description: 'Not as described' });
    case 'review':
      return call('POST', '/api/reviews', { transactionId: id, rating: 5 });
    case 'cancel_remaining':
      return call('POST', `/api/transactions/${id}/milestones/cancel-remaining`);
    default:
      return call('PATCH', `/api/transactions/${id}/${action}`, {});
  }
}

const view = async (who: RegisteredUser, id: string): Promise<TTransaction> =>
  (await as(t.app, who)('GET', `/api/transactions/${id}`)).json();

const listed = async (who: RegisteredUser, id: string): Promise<TTransaction | undefined> =>
  ((await as(t.app, who)('GET', '/api/transactions?limit=100')).json() as TTransaction[]).find((x) => x.id === id);

type State = 'pending' | 'funded' | 'accepted' | 'delivered' | 'completed' | 'disputed' | 'cancelled';

/** A new deal between the buyer and the seller, brought to `state` through the API. */
async function deal(state: State): Promise<string> {
  const { id } = await createTransaction(t.app, buyer, seller.email);
  if (state === 'pending') return id;
  if (state === 'cancelled') {
    expect((await attempt(buyer, id, 'cancel')).statusCode).toBe(200);
    return id;
  }
  await fundFromWallet(t.app, buyer, id);
  if (state === 'funded') return id;
  await acceptTransaction(t.app, seller, id);
  if (state === 'accepted') return id;
  if (state === 'disputed') {
    expect((await attempt(buyer, id, 'dispute')).statusCode).toBe(201);
    return id;
  }
  await deliverTransaction(t.app, seller, id);
  if (state === 'delivered') return id;
  expect((await attempt(buyer, id, 'confirm')).statusCode).toBe(200);
  return id;
}

const STATES: State[] = ['pending', 'funded', 'accepted', 'delivered', 'completed', 'disputed', 'cancelled'];

describe('allowedActions', () => {
  it('is on every transaction answer: create, read, list and each change', async () => {
    const created = await createTransaction(t.app, buyer, seller.email);
    expect(created.allowedActions).toEqual(['cancel', 'fund']);
    expect((await view(seller, created.id)).allowedActions).toEqual(['accept', 'decline', 'cancel']);
    expect((await listed(seller, created.id))?.allowedActions).toEqual(['accept', 'decline', 'cancel']);
    expect((await fundFromWallet(t.app, buyer, created.id)).allowedActions).toEqual(['cancel', 'dispute']);
    expect((await acceptTransaction(t.app, seller, created.id)).allowedActions).toEqual(['deliver', 'dispute']);
    expect((await view(moderator, created.id)).allowedActions).toEqual([]);
  });

  it.each(STATES)('%s: each party is refused every action it does not list', async (state) => {
    const id = await deal(state);
    for (const who of [buyer, seller, moderator]) {
      const before = await view(who, id);
      expect((await listed(who, id))?.allowedActions ?? before.allowedActions).toEqual(before.allowedActions);
      for (const action of TRANSACTION_ACTIONS.filter((a) => !before.allowedActions.includes(a))) {
        const res = await attempt(who, id, action);
        expect(res.statusCode, `${state}: ${action} by ${before.viewerRole}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      const after = await view(who, id);
      expect([after.status, after.paymentStatus]).toEqual([before.status, before.paymentStatus]);
    }
  });

  it.each(STATES)('%s: each party may take every action it lists', async (state) => {
    const probe = await deal(state);
    for (const who of [buyer, seller]) {
      const { allowedActions, viewerRole } = await view(who, probe);
      for (const action of allowedActions) {
        // Each action on its own deal in the same state, since taking one changes it.
        const id = action === 'review' ? probe : await deal(state);
        const res = await attempt(who, id, action);
        expect(res.statusCode, `${state}: ${action} by ${viewerRole}: ${res.body}`).toBeLessThan(300);
      }
    }
  });

  it("opens the buyer's late-delivery cancel when the clock passes lateCancelFrom, in the list too", async () => {
    const id = await deal('accepted');
    const { lateCancelFrom } = await view(buyer, id);
    expect((await listed(buyer, id))?.allowedActions).toEqual(['confirm', 'dispute']);
    expect((await attempt(buyer, id, 'cancel')).json().code).toBe('LATE_CANCEL_NOT_YET');
    // The list's ETag carries the moment: revalidated before it, 304; after it, the page again.
    const revalidate = (etag: string) =>
      as(t.app, buyer)('GET', '/api/transactions', undefined, { 'if-none-match': etag });
    const etag = String((await as(t.app, buyer)('GET', '/api/transactions')).headers.etag);
    expect((await revalidate(etag)).statusCode).toBe(304);

    clock.advance(new Date(lateCancelFrom!).getTime() - clock.now().getTime() + DAY);
    expect((await revalidate(etag)).statusCode).toBe(200);
    expect((await view(buyer, id)).allowedActions).toEqual(['cancel', 'confirm', 'dispute']);
    expect((await listed(buyer, id))?.allowedActions).toEqual(['cancel', 'confirm', 'dispute']);
    expect((await view(seller, id)).allowedActions).toEqual(['deliver', 'dispute']);
    expect((await attempt(buyer, id, 'cancel')).statusCode).toBe(200);
  });
});
