import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, type TAdminJobSummary, type TFailedJob } from '@holdfast/contracts';
import { auditEvents, jobs, withdrawals } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/index.js';
import { adjustableClock, DAY, SECOND } from '../../lib/clock.js';
import { scheduleLedgerCheck } from '../../ledger/index.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { payoutThatFailedAtOnce, payoutThatGaveUp, stripePayoutsEnv } from '../../test/failed-jobs.js';
import { as } from '../../test/money-factories.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const clock = adjustableClock(new Date('2026-05-04T07:00:00Z'));
let standIn: StripeStandIn;
let t: TestApp;
let admin: RegisteredUser;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ clock, env: stripePayoutsEnv(standIn) });
  admin = await registerUser(t.app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(async () => {
  await t.app.scheduler.runDue();
  await db().delete(jobs);
  standIn.refusePayouts(null);
});

const db = () => t.app.database.db;
const asAdmin = (method: 'GET' | 'POST', url: string) =>
  as(t.app, admin)(method, url, undefined, method === 'POST' ? { 'idempotency-key': randomUUID() } : {});
const failedList = async (query = '') => {
  const res = await asAdmin('GET', `/api/admin/jobs/failed${query}`);
  expect(res.statusCode).toBe(200);
  return {
    items: res.json() as TFailedJob[],
    next: res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined,
  };
};
const summary = async () => {
  const res = await asAdmin('GET', '/api/admin/jobs');
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json() as TAdminJobSummary;
};
const jobRow = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'job'), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.createdAt);

describe('the System tab: failed jobs, retry and cancel', () => {
  it('lists a payout that gave up with its last error; a retry once Stripe pays again settles the withdrawal', async () => {
    const { job, withdrawalId } = await payoutThatGaveUp(t.app, standIn, clock);

    const { items } = await failedList();
    expect(items).toEqual([
      {
        id: job.id,
        kind: 'payout.settle',
        lane: 'money',
        attempts: 100,
        maxAttempts: 100,
        lastError: 'Stripe create payout failed: You have insufficient funds in your Stripe account for this transfer.',
        failedAt: job.finishedAt!.toISOString(),
        createdAt: job.createdAt.toISOString(),
        refs: { withdrawalId },
        lastAction: null,
      },
    ]);
    const before = await summary();
    expect(before.kinds.find((k) => k.kind === 'payout.settle')?.counts.failed).toBe(1);
    expect(before.totals.failed).toBe(1);

    // The operator topped up the Stripe balance; an admin retries.
    standIn.refusePayouts(null);
    const retried = await asAdmin('POST', `/api/admin/jobs/${job.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: job.id, state: 'queued' });
    expect(await jobRow(job.id)).toMatchObject({ state: 'queued', attempts: 0, runAt: clock.now(), finishedAt: null });
    expect(await auditOf(job.id)).toMatchObject([
      {
        actorUserId: admin.user.id,
        action: 'job.retry',
        createdAt: clock.now(),
        detail: { kind: 'payout.settle', state: 'failed', attempts: 100, lastError: job.lastError },
      },
    ]);

    // It runs at once: the payout goes to Stripe and is on its way; nothing is failed any more.
    await t.app.scheduler.runDue();
    expect(await jobRow(job.id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await failedList()).items).toEqual([]);
    const payout = [...standIn.payouts.values()].find((p) => p.metadata.withdrawalId === withdrawalId)!;
    standIn.settlePayout(payout.id, 'paid');
    clock.advance(30 * SECOND);
    await t.app.scheduler.runDue();
    expect(await jobRow(job.id)).toMatchObject({ state: 'done' });
    const [w] = await db().select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    expect(w?.status).toBe('paid');
    expect((await summary()).totals.failed).toBe(0);
  });

  it('a job retried that fails again shows who retried it; cancelling takes it off the list', async () => {
    const { job } = await payoutThatFailedAtOnce(t.app, standIn, clock);
    // Stripe still refuses: the retried job fails again at once (it has one attempt).
    expect((await asAdmin('POST', `/api/admin/jobs/${job.id}/retry`)).statusCode).toBe(200);
    await t.app.scheduler.runDue();
    const [listed] = (await failedList()).items;
    expect(listed).toMatchObject({
      id: job.id,
      attempts: 1,
      lastAction: { action: 'retry', by: { id: admin.user.id, name: 'Ada Admin' }, at: clock.now().toISOString() },
    });

    const cancelled = await asAdmin('POST', `/api/admin/jobs/${job.id}/cancel`);
    expect(cancelled.json()).toEqual({ id: job.id, state: 'cancelled' });
    expect(await jobRow(job.id)).toMatchObject({ state: 'cancelled', finishedAt: clock.now() });
    expect((await failedList()).items).toEqual([]);
    expect((await auditOf(job.id)).map((a) => [a.action, a.actorUserId, a.detail.state])).toEqual([
      ['job.retry', admin.user.id, 'failed'],
      ['job.cancel', admin.user.id, 'failed'],
    ]);
    const { totals } = await summary();
    expect(totals.cancelled).toBe(1);
  });

  it('refuses what does not fit the state: 409 with a stable code, 404 for no job, 400 for a malformed id', async () => {
    const { job } = await payoutThatFailedAtOnce(t.app, standIn, clock);
    await asAdmin('POST', `/api/admin/jobs/${job.id}/cancel`);
    const again = await asAdmin('POST', `/api/admin/jobs/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('JOB_NOT_CANCELLABLE');
    const retry = await asAdmin('POST', `/api/admin/jobs/${job.id}/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('JOB_NOT_RETRYABLE');

    // A queued job is cancelled while no worker holds it, never under a running handler.
    await enqueueJob(db(), { kind: 'payout.settle', payload: { withdrawalId: 'w' }, runAt: clock.now(), key: 'held' });
    const [held] = await db().select().from(jobs).where(eq(jobs.key, 'held'));
    expect((await asAdmin('POST', `/api/admin/jobs/${held!.id}/retry`)).json().code).toBe('JOB_NOT_RETRYABLE');
    const [claimed] = await t.app.scheduler.claimOnly();
    expect(claimed?.id).toBe(held!.id);
    expect((await summary()).kinds.find((k) => k.kind === 'payout.settle')?.counts.running).toBe(1);
    expect((await asAdmin('POST', `/api/admin/jobs/${held!.id}/cancel`)).json().code).toBe('JOB_NOT_CANCELLABLE');
    clock.advance(5 * 60 * SECOND);
    expect((await asAdmin('POST', `/api/admin/jobs/${held!.id}/cancel`)).statusCode).toBe(200);
    expect((await auditOf(held!.id)).map((a) => a.detail.state)).toEqual(['queued']);

    const missing = await asAdmin('POST', `/api/admin/jobs/${randomUUID()}/retry`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const malformed = await asAdmin('POST', '/api/admin/jobs/not-a-job/cancel');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION');
  });

  it('pages the failed jobs, newest failure first; refuses a cursor it did not issue', async () => {
    const first = await payoutThatFailedAtOnce(t.app, standIn, clock);
    clock.advance(SECOND);
    const second = await payoutThatFailedAtOnce(t.app, standIn, clock);
    const page1 = await failedList('?limit=1');
    expect(page1.items.map((j) => j.id)).toEqual([second.job.id]);
    expect(page1.next).toBeTruthy();
    const page2 = await failedList(`?limit=1&cursor=${page1.next}`);
    expect(page2.items.map((j) => j.id)).toEqual([first.job.id]);
    expect(page2.next).toBeUndefined();

    const bad = await asAdmin('GET', '/api/admin/jobs/failed?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_CURSOR');
    expect((await asAdmin('GET', '/api/admin/jobs/failed?limit=0')).json().code).toBe('VALIDATION');
  });

  it('counts every kind by state, each with its lane', async () => {
    await enqueueJob(db(), {
      kind: 'email.send',
      payload: { to: 'a@b.c', subject: 's', text: 't', html: 'h' },
      runAt: new Date(clock.now().getTime() + 60 * SECOND),
    });
    const s = await summary();
    expect(s.kinds.map((k) => [k.kind, k.lane])).toEqual(
      expect.arrayContaining([
        ['transaction.auto-release', 'money'],
        ['payout.settle', 'money'],
        ['notify', 'notify'],
        ['email.send', 'email'],
      ]),
    );
    expect(s.kinds.find((k) => k.kind === 'email.send')?.counts).toEqual({
      queued: 1,
      running: 0,
      failed: 0,
      cancelled: 0,
      done: 0,
    });
    expect(s.totals.queued).toBe(1);
  });
});

describe('who may', () => {
  const calls = (id: string): ['GET' | 'POST', string][] => [
    ['GET', '/api/admin/jobs'],
    ['GET', '/api/admin/jobs/failed'],
    ['POST', `/api/admin/jobs/${id}/retry`],
    ['POST', `/api/admin/jobs/${id}/cancel`],
  ];

  it('nobody signed out (401), nobody but admins (403), and a refused call changes nothing', async () => {
    const { job } = await payoutThatFailedAtOnce(t.app, standIn, clock);
    for (const [method, url] of calls(job.id)) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      for (const role of ['buyer', 'seller', 'moderator'] as const) {
        const user = await registerUser(t.app, { role });
        const res = await as(t.app, user)(method, url, undefined, { 'idempotency-key': randomUUID() });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await jobRow(job.id)).toMatchObject({ state: 'failed' });
    expect(await auditOf(job.id)).toEqual([]);
  });
});

describe('the System tab: the daily ledger check', () => {
  it('has no result before the first check, then the last one', async () => {
    expect((await summary()).ledgerCheck).toBeNull();
    await scheduleLedgerCheck(db(), clock.now());
    clock.advance(DAY);
    await t.app.scheduler.runDue();
    const { ledgerCheck } = await summary();
    expect(ledgerCheck).toMatchObject({ ok: true, problemCount: 0, problems: [] });
    expect(Date.parse(ledgerCheck!.finishedAt)).toBe(clock.now().getTime());
  });
});
