import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES as M } from '@holdfast/contracts';
import { disputes } from '../../db/schema/index.js';
import { adjustableClock, DAY, SECOND, type AdjustableClock } from '../../lib/clock.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, parties } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let clock: AdjustableClock;
let mod: RegisteredUser;
let other: RegisteredUser;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-04-01T12:00:00Z'));
  t = await createTestApp({ clock });
  [mod, other] = await Promise.all([
    registerUser(t.app, { role: 'moderator' }),
    registerUser(t.app, { role: 'moderator' }),
  ]);
});
afterAll(() => t.close());

/** A funded deal between these two people, disputed by its buyer. */
async function caseBetween(buyer: RegisteredUser, seller: RegisteredUser) {
  const { transaction } = await acceptedFundedTransaction(t.app, {}, { buyer, seller });
  const res = await as(t.app, buyer)('POST', '/api/disputes', {
    transactionId: transaction.id,
    type: 'quality_issue',
    description: 'Not as described',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
const assign = (who: RegisteredUser, id: string) =>
  as(t.app, who)('PATCH', `/api/disputes/${id}/assign`, { moderatorId: who.user.id });
const resolve = (who: RegisteredUser, id: string) =>
  as(t.app, who)('PATCH', `/api/disputes/${id}/resolve`, {
    resolution: 'release_to_seller',
    resolutionNotes: 'Delivered as described',
  });
const refused = { code: 'CONFLICT_OF_INTEREST', message: M.conflictOfInterest };

/** A case between the two people that `mod` took and decided now. */
async function decidedBy(who: RegisteredUser, buyer: RegisteredUser, seller: RegisteredUser) {
  const id = await caseBetween(buyer, seller);
  expect((await assign(who, id)).statusCode).toBe(200);
  expect((await resolve(who, id)).statusCode).toBe(200);
}

describe('conflict of interest', () => {
  it('a moderator who decided a case between the same two people cannot take the next one; another can', async () => {
    const { buyer, seller } = await parties(t.app);
    await decidedBy(mod, buyer, seller);
    const next = await caseBetween(buyer, seller);
    const res = await assign(mod, next);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refused);
    // Deciding it without taking it is refused the same way, and nothing is written.
    const direct = await resolve(mod, next);
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toMatchObject(refused);
    const [row] = await t.app.database.db.select().from(disputes).where(eq(disputes.id, next));
    expect(row).toMatchObject({ status: 'open', moderatorId: null, decisionDueAt: null });

    expect((await assign(other, next)).statusCode).toBe(200);
  });

  it('either way round: the seller buying from the buyer is the same two people', async () => {
    // Buyer accounts both: either may sell to the other.
    const [ann, bob] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await decidedBy(mod, ann, bob);
    const reversed = await caseBetween(bob, ann);
    expect((await assign(mod, reversed)).json()).toMatchObject(refused);
  });

  it('a case they only took (still open) counts; other people’s cases do not', async () => {
    const { buyer, seller } = await parties(t.app);
    const first = await caseBetween(buyer, seller);
    expect((await assign(mod, first)).statusCode).toBe(200);
    const second = await caseBetween(buyer, seller);
    expect((await assign(mod, second)).json()).toMatchObject(refused);

    const stranger = (await parties(t.app)).seller;
    const unrelated = await caseBetween(buyer, stranger);
    expect((await assign(mod, unrelated)).statusCode).toBe(200);
  });

  it('the 90 days: still refused at exactly 90 days, free a second later', async () => {
    const { buyer, seller } = await parties(t.app);
    await decidedBy(mod, buyer, seller);
    const decidedAt = clock.now();
    const next = await caseBetween(buyer, seller);
    clock.advance(90 * DAY);
    expect(clock.now().getTime() - decidedAt.getTime()).toBe(90 * DAY);
    expect((await assign(mod, next)).json()).toMatchObject(refused);
    clock.advance(SECOND);
    const res = await assign(mod, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_review', moderatorId: mod.user.id });
  });
  // A moderator who is a party: refused with FORBIDDEN as before (disputes.routes.test.ts).
});
