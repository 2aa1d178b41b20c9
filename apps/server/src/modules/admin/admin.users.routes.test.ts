import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES as M, ADMIN_USERS_PAGE_SIZE, type TAdminUserDetail } from '@holdfast/contracts';
import { auditEvents, users } from '../../db/schema/index.js';
import { registerUser, signIn, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, creditWallet } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The Users area's calls (issue 31): search, an account's page, the three actions, and who may call them. */
let t: TestApp;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.createdAt);
const ACTIONS = ['suspend', 'reactivate', 'deactivate-moderator'] as const;
const act = (
  who: RegisteredUser | null,
  id: string,
  action: (typeof ACTIONS)[number],
  body: object = { reason: 'x' },
) => as(t.app, who)('POST', `/api/admin/users/${id}/${action}`, body);

describe('GET /api/admin/users', () => {
  it('finds accounts by any part of the name or the email, in any case, newest first', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const first = await registerUser(t.app, { firstName: 'Thandiwe', lastName: `Mokoena${tag}` });
    const second = await registerUser(t.app, { email: uniqueEmail(`${tag}-shop`), lastName: 'Naidoo' });
    const byName = await as(t.app, admin)('GET', `/api/admin/users?q=${tag.toUpperCase()}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({ page: 1, pageSize: ADMIN_USERS_PAGE_SIZE, total: 2 });
    expect(byName.json().users.map((u: { id: string }) => u.id)).toEqual([second.user.id, first.user.id]);
    expect(byName.json().users[1]).toEqual({
      id: first.user.id,
      email: first.email,
      firstName: 'Thandiwe',
      lastName: `Mokoena${tag}`,
      role: 'buyer',
      emailVerified: true,
      createdAt: expect.any(String),
      suspension: null,
    });
    const full = await as(t.app, admin)('GET', `/api/admin/users?q=${encodeURIComponent(`thandiwe mokoena${tag}`)}`);
    expect(full.json().users.map((u: { id: string }) => u.id)).toEqual([first.user.id]);
    const byEmail = await as(t.app, admin)('GET', `/api/admin/users?q=${encodeURIComponent(`${tag}-SHOP`)}`);
    expect(byEmail.json().users.map((u: { id: string }) => u.id)).toEqual([second.user.id]);
    // LIKE's wildcards are plain characters in a search.
    const wildcard = await as(t.app, admin)('GET', `/api/admin/users?q=${encodeURIComponent('%_')}`);
    expect(wildcard.json()).toMatchObject({ total: 0, users: [] });
  });

  it('pages through every account, 20 at a time, and refuses a page out of range', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    // Written straight to the table: a search needs rows, not 22 password hashes.
    const made = Array.from({ length: ADMIN_USERS_PAGE_SIZE + 2 }, (_, i) => `${tag}-${i}`);
    await db()
      .insert(users)
      .values(made.map((id, i) => ({ id, name: `Paged ${tag}`, email: `${id}@example.test`, lastName: `${tag}${i}` })));
    const one = (await as(t.app, admin)('GET', `/api/admin/users?q=${tag}`)).json();
    const two = (await as(t.app, admin)('GET', `/api/admin/users?q=${tag}&page=2`)).json();
    expect(one.total).toBe(ADMIN_USERS_PAGE_SIZE + 2);
    expect(one.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(two).toMatchObject({ page: 2, total: ADMIN_USERS_PAGE_SIZE + 2 });
    const seen = [...one.users, ...two.users].map((u: { id: string }) => u.id);
    expect(new Set(seen).size).toBe(made.length);
    expect(seen.sort()).toEqual([...made].sort());
    // Without a query: every account.
    const all = (await as(t.app, admin)('GET', '/api/admin/users')).json();
    expect(all.total).toBeGreaterThanOrEqual(made.length + 1);
    for (const page of ['0', '-1', 'x', '501', '1.5']) {
      const res = await as(t.app, admin)('GET', `/api/admin/users?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: M.page });
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it('shows role, verification as stored, balances, deals, disputes and live sessions', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { description: 'Kettle' });
    await creditWallet(db(), buyer.user.id, 2500n, 'USD');
    await db()
      .update(users)
      .set({ phoneNumber: '+27825550101', kycStatus: 'pending' })
      .where(eq(users.id, buyer.user.id));
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: transaction.id,
      type: 'quality_issue',
      description: 'Cracked lid',
    });
    expect(opened.statusCode).toBe(201);
    await signIn(t.app, buyer.email, buyer.password);

    const res = await as(t.app, admin)('GET', `/api/admin/users/${buyer.user.id}`);
    expect(res.statusCode).toBe(200);
    const page: TAdminUserDetail = res.json();
    expect(page.user).toMatchObject({
      id: buyer.user.id,
      email: buyer.email,
      role: 'buyer',
      emailVerified: true,
      phoneNumber: '+27825550101',
      phoneVerified: false,
      kycStatus: 'pending',
      twoFactorEnabled: false,
      suspension: null,
    });
    // The deal's R 103.00 sits in escrow for the buyer; the wallet it came from is empty.
    expect(page.balances).toEqual([
      { currency: 'USD', available: '25.00', inEscrow: '0.00' },
      { currency: 'ZAR', available: '0.00', inEscrow: '103.00' },
    ]);
    expect(page.deals).toEqual({
      total: 1,
      open: 1,
      recent: [
        {
          id: transaction.id,
          description: 'Kettle',
          amount: '100.00',
          currency: 'ZAR',
          status: 'disputed',
          role: 'buyer',
          createdAt: expect.any(String),
        },
      ],
    });
    expect(page.disputes).toMatchObject({
      total: 1,
      open: 1,
      recent: [{ id: opened.json().id, transactionId: transaction.id, status: 'open', role: 'buyer' }],
    });
    expect(page.assignedCases).toBe(0);
    expect(page.sessions).toHaveLength(2);
    expect(page.sessions[0]).toEqual({
      id: expect.any(String),
      device: expect.any(String),
      ipAddress: expect.any(String),
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
    });

    // The seller's page: the same deal from the other side, nothing of theirs in escrow.
    const sellerPage: TAdminUserDetail = (await as(t.app, admin)('GET', `/api/admin/users/${seller.user.id}`)).json();
    expect(sellerPage.user.role).toBe('seller');
    expect(sellerPage.deals.recent[0]).toMatchObject({ id: transaction.id, role: 'seller' });
    expect(sellerPage.disputes).toMatchObject({ total: 1, open: 1, recent: [{ role: 'seller' }] });
    expect(sellerPage.balances).toEqual([]);
  });

  it('answers 404 for an unknown account', async () => {
    const res = await as(t.app, admin)('GET', '/api/admin/users/no-such-user');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    for (const action of ACTIONS) expect((await act(admin, 'no-such-user', action)).statusCode).toBe(404);
  });
});

describe('who may call the Users area', () => {
  it('nobody but an admin: 401 signed out, 403 for buyers, sellers and moderators, whatever the body', async () => {
    const target = await registerUser(t.app, { role: 'moderator' });
    const people = await Promise.all(
      (['buyer', 'seller', 'moderator'] as const).map((role) => registerUser(t.app, { role })),
    );
    for (const who of [null, ...people]) {
      const status = who ? 403 : 401;
      expect((await as(t.app, who)('GET', '/api/admin/users')).statusCode).toBe(status);
      expect((await as(t.app, who)('GET', '/api/admin/users?page=0')).statusCode).toBe(status);
      expect((await as(t.app, who)('GET', `/api/admin/users/${target.user.id}`)).statusCode).toBe(status);
      for (const action of ACTIONS) {
        expect((await act(who, target.user.id, action)).statusCode).toBe(status);
        expect((await act(who, target.user.id, action, {})).statusCode).toBe(status);
      }
      // A suspended account keeps its ordinary powers nowhere either: see admin.users.suspension.test.ts.
    }
    // Nothing happened to the target.
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: 'moderator', suspendedAt: null });
    expect(await auditOf(target.user.id)).toEqual([]);
  });
});

describe('the actions and their refusals', () => {
  it('every action needs a reason; a refused action writes nothing', async () => {
    const target = await registerUser(t.app, { role: 'moderator' });
    for (const action of ACTIONS) {
      for (const body of [
        {},
        { reason: '' },
        { reason: '   ' },
        { reason: 'x'.repeat(1001) },
        { reason: 'a\u0000b' },
      ]) {
        const res = await act(admin, target.user.id, action, body);
        expect(res.statusCode, `${action} ${JSON.stringify(body).slice(0, 30)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { reason: expect.any(String) } });
      }
    }
    expect((await act(admin, target.user.id, 'suspend', {})).json().fields.reason).toBe(M.reasonRequired);
    expect(await auditOf(target.user.id)).toEqual([]);
  });

  it('suspends and reactivates with the reason in the audit trail; each only from the right state', async () => {
    const target = await registerUser(t.app);
    expect((await act(admin, target.user.id, 'reactivate', { reason: 'Nothing to lift' })).json()).toMatchObject({
      code: 'NOT_SUSPENDED',
      message: M.notSuspended,
    });
    const suspended = await act(admin, target.user.id, 'suspend', { reason: '  Chargeback fraud reported  ' });
    expect(suspended.statusCode).toBe(200);
    expect((suspended.json() as TAdminUserDetail).user.suspension).toEqual({
      at: expect.any(String),
      reason: 'Chargeback fraud reported',
    });
    const again = await act(admin, target.user.id, 'suspend', { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SUSPENDED', message: M.alreadySuspended });
    // The search shows the suspension too.
    const found = (await as(t.app, admin)('GET', `/api/admin/users?q=${encodeURIComponent(target.email)}`)).json();
    expect(found.users[0].suspension).toEqual({ at: expect.any(String), reason: 'Chargeback fraud reported' });

    const lifted = await act(admin, target.user.id, 'reactivate', { reason: 'Bank confirmed the payment' });
    expect(lifted.statusCode).toBe(200);
    expect((lifted.json() as TAdminUserDetail).user.suspension).toBeNull();

    const trail = await auditOf(target.user.id);
    expect(trail.map((e) => [e.action, e.actorUserId, e.reason])).toEqual([
      ['user.suspend', admin.user.id, 'Chargeback fraud reported'],
      ['user.reactivate', admin.user.id, 'Bank confirmed the payment'],
    ]);
    expect(trail[0]!.detail).toMatchObject({ sessionsEnded: 1, casesReturned: [] });
    expect(trail[1]!.detail).toMatchObject({ suspendedReason: 'Chargeback fraud reported' });
  });

  it('an admin cannot suspend themselves or another admin', async () => {
    const self = await act(admin, admin.user.id, 'suspend', { reason: 'Testing' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'CANNOT_SUSPEND_SELF', message: M.cannotSuspendSelf });
    const other = await registerUser(t.app, { role: 'admin' });
    const res = await act(admin, other.user.id, 'suspend', { reason: 'Disagreement' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CANNOT_SUSPEND_ADMIN', message: M.cannotSuspendAdmin });
    for (const who of [admin, other]) {
      const [row] = await db().select().from(users).where(eq(users.id, who.user.id));
      expect(row!.suspendedAt).toBeNull();
      expect(await auditOf(who.user.id)).toEqual([]);
    }
    // Both still work.
    expect((await as(t.app, other)('GET', '/api/admin/users')).statusCode).toBe(200);
  });

  it('only a moderator can be deactivated as one', async () => {
    for (const role of ['buyer', 'seller', 'admin'] as const) {
      const target = await registerUser(t.app, { role });
      const res = await act(admin, target.user.id, 'deactivate-moderator', { reason: 'Not needed' });
      expect(res.statusCode, role).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NOT_A_MODERATOR', message: M.notModerator });
      expect(await auditOf(target.user.id)).toEqual([]);
    }
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const res = await act(admin, moderator.user.id, 'deactivate-moderator', { reason: 'Left the team' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TAdminUserDetail).user.role).toBe('buyer');
    const [event] = await auditOf(moderator.user.id);
    expect(event).toMatchObject({
      action: 'user.deactivate_moderator',
      actorUserId: admin.user.id,
      reason: 'Left the team',
      detail: { previousRole: 'moderator', casesReturned: [], sessionsEnded: 1 },
    });
  });
});
