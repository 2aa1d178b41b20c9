import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TMailboxMessage } from '@holdfast/contracts';
import { transactions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction, insertUser } from '../../test/money-factories.js';

/**
 * The seller is the account whose verified email equals the seller email (DESIGN section 5); the database
 * keeps that account in transactions.seller_id (migration 0020) whichever way an address is verified.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const sellerIdOf = async (id: string) =>
  (await db().select({ sellerId: transactions.sellerId }).from(transactions).where(eq(transactions.id, id)))[0]!
    .sellerId;

let admin: RegisteredUser | undefined;
/** The verification link mailed to `email`, as a path the app can be asked for. */
async function verificationPath(email: string): Promise<string> {
  admin ??= await registerUser(t.app, { role: 'admin' });
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { cookie: admin.cookie } });
  const mail = (res.json().messages as TMailboxMessage[]).find((m) => m.to === email);
  const link = mail?.links.find((l) => l.includes('/api/identity/verify-email'));
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('the seller of a transaction', () => {
  it('is named at creation when a verified account holds the address', async () => {
    const [buyer, seller] = await Promise.all([registerUser(t.app), registerUser(t.app, { role: 'seller' })]);
    const created = await createTransaction(t.app, buyer, seller.email.toUpperCase());
    expect(created.sellerId).toBe(seller.user.id);
    expect(await sellerIdOf(created.id)).toBe(seller.user.id);
  });

  it('is nobody for an invitation, nor for an unverified registration, until the emailed link is followed', async () => {
    const buyer = await registerUser(t.app);
    const email = uniqueEmail('invited');
    const created = await createTransaction(t.app, buyer, email);
    expect(created).toMatchObject({ sellerId: null, seller: null });

    const invited = await registerUser(t.app, { email, verified: false });
    expect(await sellerIdOf(created.id)).toBeNull();
    expect((await as(t.app, invited)('GET', `/api/transactions/${created.id}`)).statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'GET',
      url: await verificationPath(email),
      headers: { cookie: invited.cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(await sellerIdOf(created.id)).toBe(invited.user.id);
    const view = await as(t.app, invited)('GET', `/api/transactions/${created.id}`);
    expect(view.json()).toMatchObject({ viewerRole: 'seller', sellerId: invited.user.id });
  });

  it('follows the account when its address stops being verified, changes, or an account is created verified', async () => {
    const buyer = await registerUser(t.app);
    const seller = await registerUser(t.app, { role: 'seller' });
    const created = await createTransaction(t.app, buyer, seller.email);

    await db().update(users).set({ emailVerified: false }).where(eq(users.id, seller.user.id));
    expect(await sellerIdOf(created.id)).toBeNull();
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, seller.user.id));
    expect(await sellerIdOf(created.id)).toBe(seller.user.id);
    await db()
      .update(users)
      .set({ email: uniqueEmail('moved') })
      .where(eq(users.id, seller.user.id));
    expect(await sellerIdOf(created.id)).toBeNull();

    const staffAddress = uniqueEmail('staff');
    const addressed = await createTransaction(t.app, buyer, staffAddress);
    const staff = await insertUser(db(), { email: staffAddress, verified: true });
    expect(await sellerIdOf(addressed.id)).toBe(staff);
  });
});
