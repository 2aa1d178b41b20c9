import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOLD_TEXTS, type THeldWithdrawal } from '@holdfast/contracts';
import { jobs, withdrawalHolds, withdrawals } from '../../db/schema/index.js';
import { adjustableClock } from '../../lib/clock.js';
import { auditOf } from '../../test/audit.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, creditWallet } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadSampleList } from '../sanctions/index.js';
import {
  entriesOf,
  expectHealthyLedger,
  notificationsOf,
  payoutClearing,
  pendingPayouts,
  walletOf,
  withdraw,
  withdrawal,
} from './withdrawals.test-helpers.js';

// A Monday: the review is expected by Tuesday, the same hour.
const clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
let t: TestApp;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await loadSampleList(t.app.database.db, clock.now());
  admin = await registerUser(t.app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());
const db = () => t.app.database.db;

/** Someone whose account name resembles the sample list's "ZHAROVSKY, Viktor Pavlovich", with R 500 in the wallet. */
async function listedPerson(name = { firstName: 'Viktor', lastName: 'Zharovski' }) {
  const person = await registerUser(t.app, { role: 'seller', tier: 2, ...name });
  await creditWallet(db(), person.user.id, 50_000n, 'ZAR');
  return person;
}

async function heldWithdrawal(person?: RegisteredUser) {
  const who = person ?? (await listedPerson());
  const res = await withdraw(t.app, who, withdrawal({ amount: '150.00', accountHolderName: 'V Zharovski' }));
  expect(res.statusCode).toBe(201);
  return { who, id: res.json().id as string };
}

const decide = (who: RegisteredUser | null, id: string, verb: 'release' | 'reject', reason = 'Checked the passport') =>
  as(t.app, who)('POST', `/api/admin/withdrawals/${id}/${verb}`, { reason });

describe('a withdrawal by a listed name', () => {
  it('is held, not paid: the money is reserved as for a pending one, no payout starts, owner and admins are told', async () => {
    const pendingBefore = await pendingPayouts(db());
    const { who, id } = await heldWithdrawal();
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'held', providerPayoutId: null });
    expect(await walletOf(db(), who)).toBe(35_000n);
    expect((await pendingPayouts(db())) - pendingBefore).toBe(15_000n);
    expect(await entriesOf(db(), id, 'withdrawal')).toBe(1);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.key, `payout.settle:${id}`)),
    ).toEqual([]);
    expect(await notificationsOf(db(), id)).toEqual(['withdrawal.held']);

    // The owner sees it held with when the review should end, never what matched.
    const list = await as(t.app, who)('GET', '/api/wallet/withdrawals');
    expect(list.json()[0]).toMatchObject({
      id,
      status: 'held',
      review: 'held',
      expectedBy: '2026-01-06T10:00:00.000Z',
      failureReason: null,
    });
    expect(list.body).not.toMatch(/ZHAROVSKY|sample|score/i);

    // The bell says it in plain words, without the list's details; the admins are told a review waits.
    await t.app.scheduler.runDue();
    const bell = (await as(t.app, who)('GET', '/api/notifications')).json();
    expect(JSON.stringify(bell)).toContain('Withdrawal held for a routine check');
    expect(JSON.stringify(bell)).not.toMatch(/ZHAROVSKY|sanction/i);
    const adminBell = (await as(t.app, admin)('GET', '/api/notifications')).json();
    expect(JSON.stringify(adminBell)).toContain('Withdrawal held for review');

    // Staff see the match details.
    const held = await as(t.app, admin)('GET', '/api/admin/withdrawals/held');
    expect(held.statusCode).toBe(200);
    const mine = (held.json() as THeldWithdrawal[]).find((h) => h.id === id)!;
    expect(mine).toMatchObject({
      amount: '150.00',
      currency: 'ZAR',
      user: { id: who.user.id, name: 'Viktor Zharovski', email: who.user.email },
    });
    expect(mine.matches[0]).toMatchObject({
      listId: 'sample',
      entryId: '90001',
      name: 'ZHAROVSKY, Viktor Pavlovich',
      program: 'SAMPLE, DEMO',
      screened: expect.any(String),
    });
    expect(mine.matches[0]!.score).toBeGreaterThanOrEqual(0.88);
    await expectHealthyLedger(db());
  });

  it('staff see where the money would go, as the owner does: a Canadian account by institution and transit', async () => {
    const who = await listedPerson();
    await creditWallet(db(), who.user.id, 5_000n, 'CAD');
    const res = await withdraw(t.app, who, {
      amount: '20.00',
      currency: 'CAD',
      accountHolderName: 'V Zharovski',
      institutionNumber: '003',
      branchCode: '12345',
      accountNumber: '1234-5678',
    });
    expect(res.statusCode, res.body).toBe(201);
    const held = (await as(t.app, admin)('GET', '/api/admin/withdrawals/held')).json() as THeldWithdrawal[];
    const mine = held.find((h) => h.id === res.json().id)!;
    expect(mine.destination).toEqual(res.json().destination);
    expect(mine.destination).toMatchObject({
      institutionNumber: '003',
      branchCode: '12345',
      accountType: 'account',
      accountMasked: '•••• 5678',
    });
    expect(JSON.stringify(held)).not.toContain('12345678');
  });

  it('a name far from every listed one is not held', async () => {
    const person = await registerUser(t.app, { role: 'seller', firstName: 'Thandi', lastName: 'Nkosi', tier: 2 });
    await creditWallet(db(), person.user.id, 50_000n, 'ZAR');
    const res = await withdraw(t.app, person, withdrawal());
    expect(res.json()).toMatchObject({ status: 'pending', review: null, expectedBy: '2026-01-05T10:01:00.000Z' });
    expect(await db().select().from(withdrawalHolds).where(eq(withdrawalHolds.withdrawalId, res.json().id))).toEqual(
      [],
    );
  });

  it('the bank account holder is screened too', async () => {
    const person = await registerUser(t.app, { role: 'seller', firstName: 'Thandi', lastName: 'Nkosi', tier: 2 });
    await creditWallet(db(), person.user.id, 50_000n, 'ZAR');
    const res = await withdraw(t.app, person, withdrawal({ accountHolderName: 'Quantrell Holdings Ltd' }));
    expect(res.json().status).toBe('held');
  });
});

describe('POST /api/admin/withdrawals/:id/release and /reject', () => {
  it('release: the payout proceeds as usual and is paid; audit trail and the owner told; a repeat changes nothing', async () => {
    const { who, id } = await heldWithdrawal();
    const clearingBefore = await payoutClearing(db(), 'sandbox');
    const res = await decide(admin, id, 'release');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'pending', decision: 'released' });
    expect(await notificationsOf(db(), id)).toEqual(['withdrawal.held', 'withdrawal.released']);
    const [audit] = await auditOf(db(), 'withdrawal', id);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      action: 'withdrawal.release',
      reason: 'Checked the passport',
    });

    await t.app.scheduler.runDue();
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'paid', providerPayoutId: `po_sandbox_ok_${id}` });
    expect((await payoutClearing(db(), 'sandbox')) - clearingBefore).toBe(15_000n);
    expect(await walletOf(db(), who)).toBe(35_000n);

    const again = await decide(admin, id, 'release');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id, status: 'paid', decision: 'released' });
    expect(await auditOf(db(), 'withdrawal', id)).toHaveLength(1);
    expect(await entriesOf(db(), id, 'payout_completed')).toBe(1);
    await expectHealthyLedger(db());
  });

  it('reject: the money is back in the wallet through the failed-payout movement; the owner reads why in plain words', async () => {
    const { who, id } = await heldWithdrawal();
    const res = await decide(admin, id, 'reject', 'Same date of birth as the listed person');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'failed', decision: 'rejected' });
    expect(await walletOf(db(), who)).toBe(50_000n);
    expect(await entriesOf(db(), id, 'payout_returned')).toBe(1);
    expect(await notificationsOf(db(), id)).toEqual(['withdrawal.held', 'withdrawal.rejected']);
    const [audit] = await auditOf(db(), 'withdrawal', id);
    expect(audit).toMatchObject({ action: 'withdrawal.reject', reason: 'Same date of birth as the listed person' });

    const list = await as(t.app, who)('GET', '/api/wallet/withdrawals');
    expect(list.json()[0]).toMatchObject({
      id,
      status: 'failed',
      review: 'rejected',
      failureReason: HOLD_TEXTS.rejectedReason,
    });
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.key, `payout.settle:${id}`)),
    ).toEqual([]);

    // Once rejected it cannot be released, and a repeat of the rejection changes nothing.
    expect((await decide(admin, id, 'release')).json()).toMatchObject({ code: 'WITHDRAWAL_NOT_HELD' });
    expect((await decide(admin, id, 'reject')).statusCode).toBe(200);
    expect(await entriesOf(db(), id, 'payout_returned')).toBe(1);
    expect(await walletOf(db(), who)).toBe(50_000n);
    await expectHealthyLedger(db());
  });

  it('a release and a rejection at once: one acts, the other answers 409, the money moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const { who, id } = await heldWithdrawal();
      const [a, b] = await Promise.all([decide(admin, id, 'release'), decide(admin, id, 'reject')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [hold] = await db().select().from(withdrawalHolds).where(eq(withdrawalHolds.withdrawalId, id));
      const rejected = hold!.decision === 'rejected';
      expect(await walletOf(db(), who)).toBe(rejected ? 50_000n : 35_000n);
      expect(await entriesOf(db(), id, 'payout_returned')).toBe(rejected ? 1 : 0);
      expect(await auditOf(db(), 'withdrawal', id)).toHaveLength(1);
    }
    await expectHealthyLedger(db());
  });

  it('only admins: 401 signed out, 403 for the owner and a moderator; nothing changes', async () => {
    const { who, id } = await heldWithdrawal();
    const moderator = await registerUser(t.app, { role: 'moderator' });
    expect((await decide(null, id, 'release')).statusCode).toBe(401);
    expect((await decide(who, id, 'release')).statusCode).toBe(403);
    expect((await decide(moderator, id, 'reject')).statusCode).toBe(403);
    expect((await as(t.app, who)('GET', '/api/admin/withdrawals/held')).statusCode).toBe(403);
    expect((await as(t.app, null)('GET', '/api/admin/withdrawals/held')).statusCode).toBe(401);
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row!.status).toBe('held');
    expect(await auditOf(db(), 'withdrawal', id)).toEqual([]);
    await expectHealthyLedger(db());
  });

  it('a reason is required; an unknown or never-held withdrawal is 404', async () => {
    const { id } = await heldWithdrawal();
    const blank = await decide(admin, id, 'release', '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION' });
    expect((await decide(admin, '00000000-0000-4000-8000-000000000000', 'release')).statusCode).toBe(404);
    expect((await decide(admin, 'not-a-uuid', 'reject')).statusCode).toBe(404);

    const person = await registerUser(t.app, { role: 'seller', firstName: 'Thandi', lastName: 'Nkosi', tier: 2 });
    await creditWallet(db(), person.user.id, 50_000n, 'ZAR');
    const normal = (await withdraw(t.app, person, withdrawal())).json().id as string;
    expect((await decide(admin, normal, 'reject')).statusCode).toBe(404);
    await expectHealthyLedger(db());
  });
});
