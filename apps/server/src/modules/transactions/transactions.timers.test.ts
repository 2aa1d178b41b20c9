import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, TRANSACTION_MESSAGES as M, type TTransaction } from '@holdfast/contracts';
import { jobs, journalEntries, transactionEvents } from '../../db/schema/index.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { adjustableClock, DAY, HOUR, MINUTE, SECOND, type AdjustableClock } from '../../lib/clock.js';
import type { RegisteredUser } from '../../test/factories.js';
import {
  acceptTransaction,
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  deliverTransaction,
  fundFromWallet,
  parties,
} from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** One app and one clock for the file: the clock only moves forward, each test from where the last left it. */
let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const runDue = () => t.app.scheduler.runDue();
/** Moves the clock to `at` (never back) and runs what came due. */
async function advanceTo(at: Date | string) {
  clock.advance(Math.max(0, new Date(at).getTime() - clock.now().getTime()));
  await runDue();
}
async function advanceBy(ms: number) {
  clock.advance(ms);
  await runDue();
}
const view = async (who: RegisteredUser, id: string): Promise<TTransaction> =>
  (await as(t.app, who)('GET', `/api/transactions/${id}`)).json();
const entries = (id: string, kind: 'release' | 'refund') =>
  db()
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.transactionId, id), eq(journalEntries.kind, kind)));
const history = (id: string) => db().select().from(transactionEvents).where(eq(transactionEvents.transactionId, id));
/** The notification events reported for a transaction (the notify jobs queued with each change). */
async function notified(id: string) {
  const rows = await db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.kind, 'notify'))
    .orderBy(jobs.runAt, jobs.createdAt);
  return rows
    .map((r) => (r.payload as { event: { transactionId?: string } & Record<string, unknown> }).event)
    .filter((e) => e.transactionId === id)
    .map(({ transactionId: _id, ...rest }) => rest);
}
const ledgerOk = async () => expect((await checkLedger(db())).problems).toEqual([]);

/** A funded, accepted deal (ZAR 100.00, total 103.00) the seller has marked delivered. */
async function deliveredDeal(inspectionDays?: number) {
  const deal = await acceptedFundedTransaction(t.app, inspectionDays ? { inspectionDays } : {});
  const delivered = await deliverTransaction(t.app, deal.seller, deal.transaction.id, { trackingReference: 'TRK-1' });
  return { ...deal, delivered, id: deal.transaction.id };
}

describe('auto-release at the end of the inspection period', () => {
  it('not one second before the end; at the end exactly like a confirmation, with the system as the actor', async () => {
    const { buyer, seller, delivered, id } = await deliveredDeal();
    const deliveredAt = clock.now();
    expect(delivered.autoReleaseAt).toBe(new Date(deliveredAt.getTime() + 3 * DAY).toISOString());
    const fees = await getAccountBalance(db(), 'fees:ZAR');

    await advanceTo(new Date(new Date(delivered.autoReleaseAt!).getTime() - SECOND));
    expect(await view(buyer, id)).toMatchObject({ status: 'active', completedAt: null });
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(0n);

    await advanceBy(SECOND);
    const released = await view(buyer, id);
    expect(released).toMatchObject({ status: 'completed', autoReleaseAt: null, completedAt: delivered.autoReleaseAt });
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect(await getAccountBalance(db(), 'fees:ZAR')).toBe(fees + 300n);
    expect(await getAccountBalance(db(), `escrow:${id}:ZAR`)).toBe(0n);
    const [entry, ...more] = await entries(id, 'release');
    expect(more).toEqual([]);
    expect(entry.memo).toBe('Released automatically after the inspection period');
    const auto = (await history(id)).filter((e) => e.action === 'auto_release');
    expect(auto).toEqual([expect.objectContaining({ actorId: null, fromStatus: 'active', toStatus: 'completed' })]);
    expect(auto[0].at.toISOString()).toBe(delivered.autoReleaseAt);

    // Every step was reported, the reminder 24 hours before the end included.
    expect(await notified(id)).toEqual([
      { type: 'transaction.created' },
      { type: 'transaction.funded' },
      { type: 'transaction.accepted' },
      { type: 'transaction.delivered' },
      { type: 'transaction.inspection_ending' },
      { type: 'transaction.released', automatic: true },
    ]);
    const [reminder] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `inspection-reminder:${id}`));
    expect(reminder.runAt.toISOString()).toBe(new Date(deliveredAt.getTime() + 3 * DAY - 24 * HOUR).toISOString());
    await ledgerOk();
  });

  it('follows the inspection period chosen at creation', async () => {
    const { buyer, delivered, id } = await deliveredDeal(10);
    expect(delivered.inspectionDays).toBe(10);
    await advanceBy(10 * DAY - MINUTE);
    expect((await view(buyer, id)).status).toBe('active');
    await advanceBy(MINUTE);
    expect((await view(buyer, id)).status).toBe('completed');
    await ledgerOk();
  });

  it('never while disputed: a dispute opened before the end keeps the money in escrow', async () => {
    const { buyer, seller, delivered, id } = await deliveredDeal();
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: id,
      initiatedBy: 'buyer',
      type: 'quality_issue',
      description: 'The camera lens is cracked',
      priority: 'high',
    });
    expect(opened.statusCode).toBe(201);
    await advanceTo(new Date(new Date(delivered.autoReleaseAt!).getTime() + 30 * DAY));
    expect(await view(buyer, id)).toMatchObject({ status: 'disputed', completedAt: null, autoReleaseAt: null });
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(0n);
    expect(await getAccountBalance(db(), `escrow:${id}:ZAR`)).toBe(10_300n);
    expect(await entries(id, 'release')).toEqual([]);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `auto-release:${id}`));
    expect(job.state).toBe('done');
    await ledgerOk();
  });

  it('not a second time after the buyer confirmed', async () => {
    const { buyer, seller, delivered, id } = await deliveredDeal();
    const confirmed = await as(t.app, buyer)('PATCH', `/api/transactions/${id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(confirmed.statusCode).toBe(200);
    await advanceTo(new Date(new Date(delivered.autoReleaseAt!).getTime() + HOUR));
    expect((await view(buyer, id)).status).toBe('completed');
    expect(await entries(id, 'release')).toHaveLength(1);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    const actions = (await history(id)).map((e) => e.action);
    expect(actions).toContain('confirm');
    expect(actions).not.toContain('auto_release');
    expect((await notified(id)).filter((e) => e.type === 'transaction.released')).toEqual([
      { type: 'transaction.released', automatic: false },
    ]);
    // Confirmed before the reminder was due: nobody is told the inspection is ending.
    expect((await notified(id)).map((e) => e.type)).not.toContain('transaction.inspection_ending');
    await ledgerOk();
  });
});

describe('deadlines', () => {
  it('cancels a transaction nobody funded 7 days after creation, not a second earlier', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const createdAt = clock.now();
    expect(created.createdAt).toBe(createdAt.toISOString());
    expect(created.cancelsAt).toBe(new Date(createdAt.getTime() + 7 * DAY).toISOString());
    // Accepted but still unpaid: the same deadline applies.
    const accepted = await createTransaction(t.app, buyer, seller.email);
    await acceptTransaction(t.app, seller, accepted.id);

    await advanceTo(new Date(createdAt.getTime() + 7 * DAY - SECOND));
    expect((await view(buyer, created.id)).status).toBe('pending');
    expect((await view(buyer, accepted.id)).status).toBe('active');
    await advanceBy(SECOND);
    expect(await view(buyer, created.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      cancelledAt: created.cancelsAt,
      cancelsAt: null,
    });
    expect((await view(buyer, accepted.id)).status).toBe('cancelled');
    expect((await history(created.id)).filter((e) => e.action === 'expire_unfunded')).toEqual([
      expect.objectContaining({ actorId: null, fromStatus: 'pending', toStatus: 'cancelled' }),
    ]);
    expect(await notified(created.id)).toContainEqual({ type: 'transaction.cancelled', reason: 'unfunded_deadline' });
    expect(await entries(created.id, 'refund')).toEqual([]);
    await ledgerOk();
  });

  it('leaves a transaction funded in time alone, and cancels it and refunds the buyer once when the seller never accepts', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await advanceBy(2 * DAY);
    await creditWallet(db(), buyer.user.id, 10_300n);
    const funded = await fundFromWallet(t.app, buyer, created.id);
    const fundedAt = clock.now();
    expect(funded.fundedAt).toBe(fundedAt.toISOString());
    expect(funded.cancelsAt).toBe(new Date(fundedAt.getTime() + 7 * DAY).toISOString());

    // Past the unfunded deadline (day 7): it was funded, so nothing happens.
    await advanceTo(new Date(fundedAt.getTime() + 7 * DAY - SECOND));
    expect(await view(buyer, created.id)).toMatchObject({ status: 'pending', paymentStatus: 'succeeded' });
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(0n);

    await advanceBy(SECOND);
    expect(await view(buyer, created.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n);
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(0n);
    expect((await history(created.id)).filter((e) => e.action.startsWith('expire_'))).toEqual([
      expect.objectContaining({ actorId: null, action: 'expire_unaccepted', toStatus: 'cancelled' }),
    ]);
    expect(await notified(created.id)).toContainEqual({ type: 'transaction.cancelled', reason: 'unaccepted_deadline' });

    // The same job run again (a retry after a crash, a duplicate) refunds nothing more.
    await db()
      .update(jobs)
      .set({ state: 'queued', runAt: clock.now(), lockedUntil: null })
      .where(eq(jobs.key, `deadline:unaccepted:${created.id}`));
    await runDue();
    expect(await entries(created.id, 'refund')).toHaveLength(1);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n);
    await ledgerOk();
  });

  it('a funded transaction the seller accepted in time is not cancelled by the unaccepted deadline', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, created.id);
    await advanceBy(6 * DAY);
    await acceptTransaction(t.app, seller, created.id);
    await advanceBy(2 * DAY);
    expect(await view(buyer, created.id)).toMatchObject({ status: 'active', paymentStatus: 'succeeded' });
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(10_300n);
    await ledgerOk();
  });

  it('late delivery: the buyer may cancel only from lateCancelFrom, and is refunded once; the seller never', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const id = transaction.id;
    const acceptedAt = new Date(transaction.acceptedAt!);
    // No expected date: counted from acceptance.
    expect(transaction.lateCancelFrom).toBe(new Date(acceptedAt.getTime() + 7 * DAY).toISOString());

    await advanceTo(new Date(acceptedAt.getTime() + 7 * DAY - SECOND));
    const early = await as(t.app, buyer)('PATCH', `/api/transactions/${id}/cancel`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'LATE_CANCEL_NOT_YET', message: M.lateCancelNotYet });

    await advanceBy(SECOND);
    // Nothing moves by itself: the late-delivery cancel is the buyer's choice.
    expect((await view(buyer, id)).status).toBe('active');
    const bySeller = await as(t.app, seller)('PATCH', `/api/transactions/${id}/cancel`);
    expect(bySeller.statusCode).toBe(409);
    expect(bySeller.json().code).toBe('ALREADY_ACCEPTED');

    const cancelled = await as(t.app, buyer)('PATCH', `/api/transactions/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', lateCancelFrom: null });
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n);
    const again = await as(t.app, buyer)('PATCH', `/api/transactions/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_CANCELLED');
    expect(await entries(id, 'refund')).toHaveLength(1);
    expect((await history(id)).filter((e) => e.action === 'cancel_late_delivery')).toEqual([
      expect.objectContaining({ actorId: buyer.user.id, fromStatus: 'active', toStatus: 'cancelled' }),
    ]);
    expect(await notified(id)).toContainEqual({ type: 'transaction.cancelled', reason: 'late_delivery' });
    await ledgerOk();
  });

  it('late delivery counts from the expected delivery date when the seller gave one; a delivered deal is not late', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 20_600n);
    await fundFromWallet(t.app, buyer, created.id);
    // The request schema wants tomorrow or later in real time; the test clock may be behind it.
    const expected = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const accepted = await as(t.app, seller)('PATCH', `/api/transactions/${created.id}/accept`, {
      expectedDeliveryDate: expected,
    });
    const from = new Date(`${expected}T00:00:00Z`).getTime() + 7 * DAY;
    expect(accepted.json().lateCancelFrom).toBe(new Date(from).toISOString());
    await advanceTo(new Date(from - SECOND));
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/cancel`)).json().code).toBe(
      'LATE_CANCEL_NOT_YET',
    );
    await advanceBy(SECOND);
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${created.id}/cancel`)).statusCode).toBe(200);

    // Delivered (even late): the buyer confirms or disputes instead.
    const other = await createTransaction(t.app, buyer, seller.email);
    await fundFromWallet(t.app, buyer, other.id);
    await acceptTransaction(t.app, seller, other.id);
    await advanceBy(8 * DAY);
    await deliverTransaction(t.app, seller, other.id);
    const refused = await as(t.app, buyer)('PATCH', `/api/transactions/${other.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ALREADY_DELIVERED', message: M.alreadyDelivered });
    await ledgerOk();
  });

  it('a disputed transaction never moves by a timer', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(db(), buyer.user.id, 10_300n);
    await fundFromWallet(t.app, buyer, created.id);
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: created.id,
      initiatedBy: 'buyer',
      type: 'other',
      description: 'The seller stopped answering',
      priority: 'medium',
    });
    expect(opened.statusCode).toBe(201);
    await advanceBy(60 * DAY);
    expect(await view(buyer, created.id)).toMatchObject({
      status: 'disputed',
      paymentStatus: 'succeeded',
      cancelsAt: null,
      cancelledAt: null,
    });
    expect(await getAccountBalance(db(), `escrow:${created.id}:ZAR`)).toBe(10_300n);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(0n);
    const expired = (await history(created.id)).filter((e) => e.action.startsWith('expire_'));
    expect(expired).toEqual([]);
    await ledgerOk();
  });
});

describe('a job interrupted mid-way and retried releases once', () => {
  /** Its own app and database: the jobs claimed below are only this deal's. */
  let own: TestApp;
  let ownClock: AdjustableClock;
  beforeAll(async () => {
    ownClock = adjustableClock(new Date('2026-03-02T09:00:00Z'));
    own = await createTestApp({ clock: ownClock });
  });
  afterAll(() => own.close());
  const ownDb = () => own.app.database.db;

  async function dueAutoRelease() {
    const deal = await acceptedFundedTransaction(own.app);
    const delivered = await deliverTransaction(own.app, deal.seller, deal.transaction.id);
    await own.app.scheduler.runDue();
    ownClock.advance(new Date(delivered.autoReleaseAt!).getTime() - ownClock.now().getTime());
    return { ...deal, id: deal.transaction.id };
  }
  const releases = (id: string) =>
    ownDb()
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.transactionId, id), eq(journalEntries.kind, 'release')));

  it('a worker that claimed the job and died: after its lease the job runs again, once', async () => {
    const { seller, id } = await dueAutoRelease();
    const claimed = await own.app.scheduler.claimOnly();
    expect(claimed.map((j) => j.kind)).toContain('transaction.auto-release');
    // The dead worker's lease (5 minutes) still holds the job.
    expect(await own.app.scheduler.runDue()).toBe(0);
    ownClock.advance(5 * MINUTE - SECOND);
    await own.app.scheduler.runDue();
    expect(await releases(id)).toEqual([]);

    ownClock.advance(SECOND);
    await own.app.scheduler.runDue();
    expect(await releases(id)).toHaveLength(1);
    expect(await getWalletBalance(ownDb(), seller.user.id, 'ZAR')).toBe(10_000n);
    const [job] = await ownDb()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `auto-release:${id}`));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    await own.app.scheduler.runDue();
    expect(await releases(id)).toHaveLength(1);
    expect((await checkLedger(ownDb())).problems).toEqual([]);
  });

  it('a handler that fails after moving the money rolls back whole; the retry after its backoff releases once', async () => {
    const { seller, id } = await dueAutoRelease();
    // The database refuses the history row of an automatic release: the ledger entry before it in the
    // same database transaction must roll back with it.
    await ownDb().execute(sql`
      CREATE FUNCTION refuse_auto_release() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'auto_release' THEN RAISE EXCEPTION 'simulated failure mid-way'; END IF;
        RETURN NEW;
      END $$`);
    await ownDb().execute(sql`
      CREATE TRIGGER refuse_auto_release BEFORE INSERT ON transaction_events
      FOR EACH ROW EXECUTE FUNCTION refuse_auto_release()`);

    await own.app.scheduler.runDue();
    const [failed] = await ownDb()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `auto-release:${id}`));
    expect(failed).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('simulated failure mid-way'),
    });
    expect(failed.runAt.getTime()).toBe(ownClock.now().getTime() + 30 * SECOND);
    expect(await releases(id)).toEqual([]);
    expect(await getWalletBalance(ownDb(), seller.user.id, 'ZAR')).toBe(0n);
    expect(await getAccountBalance(ownDb(), `escrow:${id}:ZAR`)).toBe(10_300n);

    await ownDb().execute(sql`DROP TRIGGER refuse_auto_release ON transaction_events`);
    ownClock.advance(30 * SECOND - 1);
    await own.app.scheduler.runDue();
    expect(await releases(id)).toEqual([]);
    ownClock.advance(1);
    await own.app.scheduler.runDue();
    expect(await releases(id)).toHaveLength(1);
    expect(await getWalletBalance(ownDb(), seller.user.id, 'ZAR')).toBe(10_000n);
    const [done] = await ownDb()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `auto-release:${id}`));
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect((await checkLedger(ownDb())).problems).toEqual([]);
  });
});
