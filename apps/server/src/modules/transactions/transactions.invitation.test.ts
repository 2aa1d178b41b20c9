import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRANSACTION_MESSAGES as M, type TTransaction } from '@holdfast/contracts';
import { users } from '../../db/schema/index.js';
import { adjustableClock, MINUTE, type AdjustableClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction } from '../../test/money-factories.js';
import { observe } from '../../test/observe.js';

/**
 * POST /api/transactions/:id/resend-invitation (issue 32): the buyer sends a seller who is not on Holdfast
 * yet the invitation again, at most once an hour; recorded in the history; everyone else is refused.
 */
let t: TestApp;
let clock: AdjustableClock;
let buyer: RegisteredUser;
let moderator: RegisteredUser;
let stranger: RegisteredUser;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-02-02T09:00:00Z'));
  t = await createTestApp({ clock });
  [buyer, moderator, stranger] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app, { role: 'moderator' }),
    registerUser(t.app),
  ]);
});
afterAll(() => t.close());

const resend = (who: RegisteredUser, id: string) => as(t.app, who)('POST', `/api/transactions/${id}/resend-invitation`);
const view = async (who: RegisteredUser, id: string): Promise<TTransaction> =>
  (await as(t.app, who)('GET', `/api/transactions/${id}`)).json();

describe('resending a seller invitation', () => {
  it('the transaction says when the invitation went out; a resend within the hour is refused, after it sent', async () => {
    const sellerEmail = uniqueEmail('invited');
    const created = await createTransaction(t.app, buyer, sellerEmail);
    expect(created.sellerId).toBeNull();
    expect(created.invitationSentAt).toBe(created.createdAt);

    clock.advance(59 * MINUTE);
    const early = await resend(buyer, created.id);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RATE_LIMITED', message: M.resendTooSoon });

    clock.advance(MINUTE);
    const seen = await observe(t.app, async () => {
      const res = await resend(buyer, created.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ invitationSentAt: clock.now().toISOString() });
    });
    // The same invitation email as at creation, to the address and nobody else.
    expect(seen.emails.map((e) => e.to)).toEqual([sellerEmail]);
    expect(seen.emails[0]!.subject).toContain('wants to pay you');
    expect((await view(buyer, created.id)).invitationSentAt).toBe(clock.now().toISOString());

    // The hour counts again from this one.
    clock.advance(30 * MINUTE);
    expect((await resend(buyer, created.id)).statusCode).toBe(429);

    const history = (await as(t.app, buyer)('GET', `/api/transactions/${created.id}/timeline`)).json();
    expect(history.entries.map((e: { summary: string }) => e.summary)).toContain(
      `Invitation sent again to ${sellerEmail}`,
    );
  });

  it('only the buyer: staff 403, a stranger 404', async () => {
    const created = await createTransaction(t.app, buyer, uniqueEmail('invited'));
    clock.advance(61 * MINUTE);
    expect((await resend(moderator, created.id)).statusCode).toBe(403);
    expect((await resend(moderator, created.id)).json().message).toBe(M.onlyBuyerResend);
    expect((await resend(stranger, created.id)).statusCode).toBe(404);
    const anonymous = await as(t.app, null)('POST', `/api/transactions/${created.id}/resend-invitation`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('once the seller has joined there is nothing to resend (409), and none for a cancelled deal', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const joined = await createTransaction(t.app, buyer, seller.email);
    expect(joined.invitationSentAt).toBeNull();
    clock.advance(61 * MINUTE);
    expect((await resend(buyer, joined.id)).json()).toMatchObject({ code: 'SELLER_JOINED' });
    // The seller reading it is not the buyer.
    expect((await resend(seller, joined.id)).statusCode).toBe(403);

    const cancelled = await createTransaction(t.app, buyer, uniqueEmail('invited'));
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${cancelled.id}/cancel`)).statusCode).toBe(200);
    clock.advance(61 * MINUTE);
    const res = await resend(buyer, cancelled.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_CANCELLED');
  });

  it('an invited address that registers and verifies joins: the invitation is gone from the answer', async () => {
    const email = uniqueEmail('later');
    const created = await createTransaction(t.app, buyer, email);
    const seller = await registerUser(t.app, { email, role: 'seller' });
    const [account] = await t.app.database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(account?.emailVerified).toBe(true);
    expect((await view(buyer, created.id)).invitationSentAt).toBeNull();
  });
});
