import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TDispute, TDisputeCase } from '@holdfast/contracts';
import { disputes, jobs, sessions, users } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/index.js';
import { adjustableClock, HOUR, MINUTE, type AdjustableClock } from '../../lib/clock.js';
import { registerUser, signIn, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, parties } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Deactivating a moderator (issue 31): the account loses the role, is signed out everywhere, and its cases
 * in review go back to the queue with a fresh assignment clock (disputes.clocks.ts), including a decision
 * still waiting for its second review. The next moderator takes a returned case and its decision clock
 * starts again.
 */
let t: TestApp;
let clock: AdjustableClock;
let admin: RegisteredUser;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-04-06T08:00:00Z'));
  t = await createTestApp({ clock });
  admin = await registerUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const ASSIGN = 24 * HOUR; // DISPUTE_ASSIGN_HOURS' default
const DECISION = 5 * 24 * HOUR; // DISPUTE_DECISION_DAYS' default

/** A funded deal its buyer disputes, taken by `moderator`; `amount` at 50 000 needs a second review. */
async function takenCase(moderator: RegisteredUser, amount = '100.00') {
  // Above R 5 000 the parties need a verified phone (tier 2, issue 30).
  const deal = await acceptedFundedTransaction(t.app, { amount }, await parties(t.app, 2));
  const opened = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'Not as described',
  });
  expect(opened.statusCode).toBe(201);
  const id = (opened.json() as TDispute).id;
  const taken = await as(t.app, moderator)('PATCH', `/api/disputes/${id}/assign`, { moderatorId: moderator.user.id });
  expect(taken.statusCode).toBe(200);
  return { ...deal, id };
}

const row = async (id: string) => (await db().select().from(disputes).where(eq(disputes.id, id)))[0]!;
/** The queued timers of a case, of one kind. */
const timers = (id: string, kind: string) =>
  db()
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.state, 'queued'), sql`${jobs.payload}->>'disputeId' = ${id}`))
    .orderBy(jobs.runAt);

describe('deactivating a moderator', () => {
  it('takes the role, signs them out and sends their cases back to the queue with a fresh clock', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const plain = await takenCase(moderator);
    // A decision of theirs on R 50 000 waits for a second review.
    const big = await takenCase(moderator, '50000.00');
    const proposed = await as(t.app, moderator)('PATCH', `/api/disputes/${big.id}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Photos show the damage',
    });
    expect(proposed.json()).toMatchObject({ status: 'in_review', step: { code: 'awaiting_second_review' } });
    const other = await signIn(t.app, moderator.email, moderator.password);

    clock.advance(3 * HOUR);
    const now = clock.now();
    const res = await as(t.app, admin)('POST', `/api/admin/users/${moderator.user.id}/deactivate-moderator`, {
      reason: 'Stepped down',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { role: 'buyer', suspension: null }, assignedCases: 0, sessions: [] });
    const [account] = await db().select().from(users).where(eq(users.id, moderator.user.id));
    expect(account!.role).toBe('buyer');
    expect(await db().select().from(sessions).where(eq(sessions.userId, moderator.user.id))).toEqual([]);
    for (const cookie of [moderator.cookie, other]) {
      expect((await as(t.app, { cookie })('GET', '/api/disputes/moderator')).statusCode).toBe(401);
    }

    for (const c of [plain, big]) {
      const d = await row(c.id);
      expect(d).toMatchObject({
        status: 'open',
        moderatorId: null,
        proposedAt: null,
        proposedResolution: null,
        decisionDueAt: null,
        assignEscalatedAt: null,
        assignDueAt: new Date(now.getTime() + ASSIGN),
      });
      expect(await timers(c.id, 'dispute.assign-escalation')).toContainEqual({
        runAt: new Date(now.getTime() + ASSIGN),
      });
      // Open again: the seller's time to respond still runs (a moderator may take it meanwhile); the
      // history says why it is back.
      const file: TDisputeCase = (await as(t.app, c.buyer)('GET', `/api/disputes/${c.id}`)).json();
      expect(file.dispute).toMatchObject({ status: 'open', moderatorId: null, step: { code: 'awaiting_response' } });
      expect(file.file.map((e) => e.summary)).toContain(
        'Back in the queue for another moderator: its moderator is no longer a moderator',
      );
    }
    // No money moved.
    expect((await checkLedger(db())).problems).toEqual([]);

    const [event] = await db()
      .execute(
        sql`select action, reason, detail from audit_events where subject_id = ${moderator.user.id} and action like 'user.%'`,
      )
      .then(
        (r) =>
          (r as unknown as { rows: Array<{ action: string; reason: string; detail: Record<string, unknown> }> }).rows,
      );
    expect(event).toEqual({
      action: 'user.deactivate_moderator',
      reason: 'Stepped down',
      detail: {
        previousRole: 'moderator',
        casesReturned: expect.arrayContaining([plain.id, big.id]),
        sessionsEnded: 2,
      },
    });

    // Signing in again, they are a plain account.
    const cookie = await signIn(t.app, moderator.email, moderator.password);
    expect((await as(t.app, { cookie })('GET', '/api/auth/user')).json().role).toBe('buyer');

    // Another moderator takes the returned case: a new decision clock starts with it.
    const next = await registerUser(t.app, { role: 'moderator' });
    clock.advance(10 * MINUTE);
    const takenAt = clock.now();
    expect(
      (await as(t.app, next)('PATCH', `/api/disputes/${plain.id}/assign`, { moderatorId: next.user.id })).statusCode,
    ).toBe(200);
    expect(await timers(plain.id, 'dispute.decision-escalation')).toContainEqual({
      runAt: new Date(takenAt.getTime() + DECISION),
    });
    expect((await row(plain.id)).decisionDueAt).toEqual(new Date(takenAt.getTime() + DECISION));

    // Nobody takes the other one: its fresh deadline escalates it to the admins, not the old one.
    clock.advance(ASSIGN - 10 * MINUTE - 1000);
    await t.app.scheduler.runDue();
    expect((await row(big.id)).assignEscalatedAt).toBeNull();
    clock.advance(1000);
    await t.app.scheduler.runDue();
    expect((await row(big.id)).assignEscalatedAt).toEqual(clock.now());
  });

  it('a moderator caught between the two cannot take a case once the role is gone', async () => {
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const deal = await acceptedFundedTransaction(t.app);
    const opened = await as(t.app, deal.buyer)('POST', '/api/disputes', {
      transactionId: deal.transaction.id,
      type: 'quality_issue',
      description: 'Broken',
    });
    const id = (opened.json() as TDispute).id;
    // The role changes under a request already past the session check (what the share lock guards against).
    const session = await t.app.services.auth.currentUser(moderator.cookie, () => new Headers());
    await db().update(users).set({ role: 'buyer' }).where(eq(users.id, moderator.user.id));
    await expect(t.app.services.disputes.assign(session.user!, id, moderator.user.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await row(id)).toMatchObject({ status: 'open', moderatorId: null });
  });
});
