import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES as M, type TDispute } from '@holdfast/contracts';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { ledgerAccounts, sessions, users } from '../../db/schema/index.js';
import { checkLedger, getWalletBalance } from '../../ledger/index.js';
import { SESSION_ENDED_CLOSE_CODE } from '../../realtime/index.js';
import { cookieHeader, registerUser, signIn, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';
import { listen, openSocket, testRedisUrl, twoInstancesUnavailable } from '../../test/sockets.js';
import { createTestApp, createTestDatabase, testEngine, type TestApp } from '../../test/test-app.js';
import { totpCode } from '../../test/totp.js';

/**
 * What a suspension does (issue 31): the account is signed out everywhere and its sockets close at once,
 * it cannot sign in (nor use a session that escaped), its money stays exactly where it was, and its
 * disputes are still decided by moderators, the money moving as for anyone. Reactivation lets it back in.
 */
const ORIGIN = 'http://holdfast.test';
let t: TestApp;
let url: string;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  url = await listen(t.app);
  admin = await registerUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const suspend = (id: string, reason = 'Reported for fraud') =>
  as(t.app, admin)('POST', `/api/admin/users/${id}/suspend`, { reason });
const reactivate = (id: string) =>
  as(t.app, admin)('POST', `/api/admin/users/${id}/reactivate`, { reason: 'Cleared after review' });
const login = (email: string, password: string, path = '/api/auth/login') =>
  t.app.inject({ method: 'POST', url: path, payload: { email, password } });
const sessionCount = async (userId: string) =>
  (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

/** Both sockets of a session (/ws and /ws/support), connected, with a promise of their close codes. */
async function openSockets(base: string, cookie: string) {
  const opened: Array<Promise<number>> = [];
  for (const path of ['/ws', '/ws/support']) {
    const socket = await openSocket(base, path, { cookie, origin: ORIGIN });
    opened.push(new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code))));
    await socket.next((m) => m.type === 'connected');
  }
  return { closed: () => Promise.all(opened) };
}

/** Every ledger account the person's money sits in (their wallets, the escrow of deals they buy), as rows. */
async function moneyOf(userId: string, transactionIds: string[]) {
  return db()
    .select({ key: ledgerAccounts.key, balance: ledgerAccounts.balance, version: ledgerAccounts.version })
    .from(ledgerAccounts)
    .where(or(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.transactionId, transactionIds)))
    .orderBy(ledgerAccounts.key);
}

describe('a suspended account', () => {
  it('is signed out everywhere, its sockets close, and sign-in is refused with ACCOUNT_SUSPENDED', async () => {
    const user = await registerUser(t.app);
    const elsewhere = await signIn(t.app, user.email, user.password);
    const here = await openSockets(url, user.cookie);
    const there = await openSockets(url, elsewhere);
    expect(await sessionCount(user.user.id)).toBe(2);

    expect((await suspend(user.user.id)).statusCode).toBe(200);
    expect(await here.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(await there.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(await sessionCount(user.user.id)).toBe(0);
    expect((await as(t.app, user)('GET', '/api/auth/user')).statusCode).toBe(401);

    // The right password: refused with the suspension's code and message, and no session is left behind.
    for (const path of ['/api/auth/login', '/api/auth/admin/login']) {
      const res = await login(user.email, user.password, path);
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: M.suspended });
      expect(cookieHeader(res.headers['set-cookie'])).not.toContain('session_token');
    }
    expect(await sessionCount(user.user.id)).toBe(0);
    // A wrong password tells nothing about the suspension.
    expect((await login(user.email, 'Not-the-password-1')).json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    // Sockets cannot be opened either.
    await expect(openSocket(url, '/ws', { cookie: user.cookie, origin: ORIGIN })).rejects.toThrow('401');

    // Reactivated: signing in works again.
    expect((await reactivate(user.user.id)).statusCode).toBe(200);
    const back = await login(user.email, user.password);
    expect(back.statusCode).toBe(200);
    const cookie = cookieHeader(back.headers['set-cookie']);
    expect((await as(t.app, { cookie })('GET', '/api/auth/user')).json().id).toBe(user.user.id);
  });

  it('a session that escaped the suspension (made in a race with it) is refused at its next request', async () => {
    const user = await registerUser(t.app);
    // As if the sign-in's session were written just after the suspension deleted the others.
    await db()
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: 'Race' })
      .where(eq(users.id, user.user.id));
    expect(await sessionCount(user.user.id)).toBe(1);
    const res = await as(t.app, user)('GET', '/api/transactions');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: M.suspended });
    expect((await as(t.app, user)('GET', '/api/auth/session')).json()).toMatchObject({ user: null });
    await expect(openSocket(url, '/ws', { cookie: user.cookie, origin: ORIGIN })).rejects.toThrow('401');
  });

  it('suspended between the password and the second factor: the code is not even checked', async () => {
    const user = await registerUser(t.app);
    const setup = await as(t.app, user)('POST', '/api/auth/2fa/setup/app');
    const { secret } = setup.json() as { secret: string };
    expect((await as(t.app, user)('POST', '/api/auth/2fa/verify', { code: totpCode(secret) })).statusCode).toBe(200);
    const first = await login(user.email, user.password);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    const challenge = { cookie: cookieHeader(first.headers['set-cookie']) };

    expect((await suspend(user.user.id)).statusCode).toBe(200);
    const res = await as(t.app, challenge)('POST', '/api/auth/2fa/sign-in', { code: totpCode(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: M.suspended });
    expect(await sessionCount(user.user.id)).toBe(0);
  });

  it('keeps its money exactly where it is, and the ledger check passes', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '250.00' });
    const buyerBefore = await moneyOf(buyer.user.id, [transaction.id]);
    const sellerBefore = await moneyOf(seller.user.id, []);
    expect(buyerBefore.find((a) => a.key.startsWith('escrow:'))?.balance).toBe(25750n);

    expect((await suspend(buyer.user.id)).statusCode).toBe(200);
    expect((await suspend(seller.user.id)).statusCode).toBe(200);
    expect(await moneyOf(buyer.user.id, [transaction.id])).toEqual(buyerBefore);
    expect(await moneyOf(seller.user.id, [])).toEqual(sellerBefore);
    expect((await checkLedger(db())).problems).toEqual([]);
    // The deal itself is as it was.
    const detail = (await as(t.app, admin)('GET', `/api/admin/users/${buyer.user.id}`)).json();
    expect(detail.deals.recent[0]).toMatchObject({ id: transaction.id, status: 'active' });
    expect(detail.balances).toEqual([{ currency: 'ZAR', available: '0.00', inEscrow: '257.50' }]);
  });

  it('its dispute is still decided by a moderator, and the money moves as it would for anyone', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: transaction.id,
      type: 'goods_not_received',
      description: 'Nothing arrived',
    });
    expect(opened.statusCode).toBe(201);
    const disputeId = (opened.json() as TDispute).id;
    expect((await suspend(buyer.user.id)).statusCode).toBe(200);
    expect((await suspend(seller.user.id, 'Selling counterfeit goods')).statusCode).toBe(200);

    const moderator = await registerUser(t.app, { role: 'moderator' });
    const assigned = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, {
      moderatorId: moderator.user.id,
    });
    expect(assigned.statusCode).toBe(200);
    const resolved = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'The seller could not show a delivery',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolution: 'refund_buyer' });

    // The whole R 103.00 is back in the suspended buyer's wallet; the escrow is empty.
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10300n);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(0n);
    const [escrow] = await moneyOf(buyer.user.id, [transaction.id]).then((a) =>
      a.filter((x) => x.key.startsWith('escrow:')),
    );
    expect(escrow?.balance).toBe(0n);
    expect((await checkLedger(db())).problems).toEqual([]);

    // Back in, the buyer finds the refund.
    expect((await reactivate(buyer.user.id)).statusCode).toBe(200);
    const cookie = await signIn(t.app, buyer.email, buyer.password);
    expect((await as(t.app, { cookie })('GET', '/api/wallet/balance')).json()).toMatchObject({ balance: '103.00' });
  });

  it('a suspended moderator gives back their cases; the admin page counts them', async () => {
    const { buyer, transaction } = await acceptedFundedTransaction(t.app);
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: transaction.id,
      type: 'quality_issue',
      description: 'Scratched',
    });
    const disputeId = (opened.json() as TDispute).id;
    const moderator = await registerUser(t.app, { role: 'moderator' });
    await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, { moderatorId: moderator.user.id });
    expect((await as(t.app, admin)('GET', `/api/admin/users/${moderator.user.id}`)).json().assignedCases).toBe(1);

    const res = await suspend(moderator.user.id, 'Leaked case details');
    expect(res.json()).toMatchObject({ assignedCases: 0, user: { role: 'moderator' } });
    const view = await as(t.app, buyer)('GET', `/api/disputes/${disputeId}`);
    expect(view.json().dispute).toMatchObject({ status: 'open', moderatorId: null });
  });
});

const skipTwoInstances = await twoInstancesUnavailable('suspension', testEngine);

describe.skipIf(skipTwoInstances)('two instances sharing PostgreSQL and Redis', () => {
  it('a suspension made through instance A closes the sockets held by instance B', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ REDIS_URL: testRedisUrl, PUBLIC_URL: ORIGIN });
    const a = await buildApp({ config, database });
    const b = await buildApp({ config, database });
    try {
      await listen(a);
      const urlB = await listen(b);
      const boss = await registerUser(a, { role: 'admin' });
      const user = await registerUser(a);
      const onB = await openSockets(urlB, user.cookie);
      const res = await as(a, boss)('POST', `/api/admin/users/${user.user.id}/suspend`, { reason: 'Spam' });
      expect(res.statusCode).toBe(200);
      expect(await onB.closed()).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
      const refused = await b.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    } finally {
      await a.close();
      await b.close();
      await database.dispose();
    }
  });
});
