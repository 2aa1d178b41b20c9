import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { databaseFromPostgres, type Database, type Db } from '../db/client.js';
import { jobs, journalEntries, transactions } from '../db/schema/index.js';
import { checkLedger, getWalletBalance } from '../ledger/index.js';
import { adjustableClock, DAY, HOUR, MINUTE, SECOND, type AdjustableClock } from '../lib/clock.js';
import {
  acceptTransaction,
  createTransaction,
  creditWallet,
  deliverTransaction,
  fundFromWallet,
  parties,
} from '../test/money-factories.js';
import { createTestDatabase, testEngine } from '../test/test-app.js';
import { enqueueJob } from './queue.js';
import type { NotificationEvent } from './kinds.js';
import { createScheduler, retryDelayMs, type JobContext, type JobHandlers } from './scheduler.js';

/** The database's own name, to open a second, independent pool on it (another instance). */
async function secondPool(db: Db): Promise<Database> {
  const result = await db.execute(sql`select current_database() as name`);
  const [{ name }] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return databaseFromPostgres(url.toString(), undefined, 10);
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock: AdjustableClock;
/** The events the test workers' `notify` handler heard: alerts of money jobs that gave up. */
let alerts: NotificationEvent[];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  // Each test starts with no jobs and its own clock.
  await database.db.delete(jobs);
  clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
  alerts = [];
});

const db = () => database.db;
/**
 * A worker with test handlers for the `payout.settle` kind (a money job: one that gives up raises an alert)
 * and a `notify` that notes the alerts.
 */
function worker(handler: (id: string, ctx: JobContext) => Promise<void | 'finished'>, on: Db = db()) {
  const scheduler = createScheduler({ db: on, clock });
  const handlers: JobHandlers = {
    'payout.settle': ({ withdrawalId }, ctx) => handler(withdrawalId, ctx),
    notify: async ({ event }) => void alerts.push(event),
  };
  scheduler.registerAll(handlers);
  return scheduler;
}
const enqueue = (withdrawalId: string, runAt: Date, extra: { key?: string; maxAttempts?: number } = {}) =>
  enqueueJob(db(), { kind: 'payout.settle', payload: { withdrawalId }, runAt, ...extra });
const rowOf = async (withdrawalId: string) => {
  const rows = await db()
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'withdrawalId' = ${withdrawalId}`);
  expect(rows).toHaveLength(1);
  return rows[0];
};

describe('the job worker', () => {
  it('runs a job at its due time, not a millisecond before, with the time it was claimed', async () => {
    const seen: { id: string; ctx: JobContext }[] = [];
    const w = worker(async (id, ctx) => void seen.push({ id, ctx }));
    await enqueue('due-later', new Date(clock.now().getTime() + MINUTE));
    expect(await w.runDue()).toBe(0);
    clock.advance(MINUTE - 1);
    expect(await w.runDue()).toBe(0);
    clock.advance(1);
    expect(await w.runDue()).toBe(1);
    expect(seen).toEqual([{ id: 'due-later', ctx: expect.objectContaining({ now: clock.now(), attempt: 1 }) }]);
    expect(await rowOf('due-later')).toMatchObject({
      state: 'done',
      attempts: 1,
      lockedUntil: null,
      finishedAt: clock.now(),
    });
    expect(await w.runDue()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it("a handler that completed its job itself ('finished') gets no second write from the worker", async () => {
    let runs = 0;
    // This handler claims to have finished without touching its row: the worker leaves the row as claimed.
    const w = worker(async () => {
      runs += 1;
      return 'finished';
    });
    await enqueue('self-finished', clock.now());
    expect(await w.runDue()).toBe(1);
    expect(await rowOf('self-finished')).toMatchObject({ state: 'queued', finishedAt: null, attempts: 1 });
    expect((await rowOf('self-finished')).lockedUntil).not.toBeNull();
    // Its lease keeps it from running again until it runs out.
    expect(await w.runDue()).toBe(0);
    expect(runs).toBe(1);
  });

  it('retries a failing job with growing backoff and gives up after maxAttempts', async () => {
    let calls = 0;
    const w = worker(async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    await enqueue('flaky', clock.now(), { maxAttempts: 3 });

    expect(await w.runDue()).toBe(1);
    let row = await rowOf('flaky');
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom 1', lockedUntil: null });
    expect(row.runAt.getTime()).toBe(clock.now().getTime() + 30 * SECOND);
    expect(await w.runDue()).toBe(0);

    clock.advance(30 * SECOND);
    expect(await w.runDue()).toBe(1);
    row = await rowOf('flaky');
    expect(row).toMatchObject({ state: 'queued', attempts: 2, lastError: 'boom 2' });
    expect(row.runAt.getTime()).toBe(clock.now().getTime() + MINUTE);

    expect(alerts).toEqual([]);

    clock.advance(MINUTE);
    // The last attempt, and the alert it raised: a money job that gave up tells every admin.
    expect(await w.runDue()).toBe(2);
    row = await rowOf('flaky');
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'boom 3', finishedAt: clock.now() });
    expect(alerts).toEqual([{ type: 'job.failed', jobId: row.id }]);
    clock.advance(DAY);
    expect(await w.runDue()).toBe(0);
    expect(calls).toBe(3);

    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([
      30 * SECOND,
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      HOUR, // 64 minutes, capped
      HOUR,
    ]);
  });

  it('a job that fails once and then succeeds is done; a kind without a handler fails with a clear error', async () => {
    let calls = 0;
    const w = worker(async () => {
      calls += 1;
      if (calls === 1) throw new Error('transient');
    });
    await enqueue('recovers', clock.now());
    await w.runDue();
    clock.advance(30 * SECOND);
    await w.runDue();
    expect(await rowOf('recovers')).toMatchObject({ state: 'done', attempts: 2, lastError: null });

    await enqueueJob(db(), {
      kind: 'email.send',
      payload: { to: 'a@b.c', subject: 's', text: 't', html: 'h' },
      runAt: clock.now(),
    });
    await w.runDue();
    const [orphan] = await db().select().from(jobs).where(eq(jobs.kind, 'email.send'));
    expect(orphan).toMatchObject({ state: 'queued', attempts: 1, lastError: 'no handler for job kind email.send' });
  });

  it('a key makes a job at-most-once: enqueued again (even at once, even after it ran) it does not come back', async () => {
    const seen: string[] = [];
    const w = worker(async (id) => void seen.push(id));
    await Promise.all(Array.from({ length: 5 }, () => enqueue('keyed', clock.now(), { key: 'only-once' })));
    expect(await db().select().from(jobs).where(eq(jobs.key, 'only-once'))).toHaveLength(1);
    await w.runDue();
    await enqueue('keyed', clock.now(), { key: 'only-once' });
    await w.runDue();
    expect(seen).toEqual(['keyed']);
    // Without a key, two enqueues are two jobs.
    await enqueue('unkeyed', clock.now());
    await enqueue('unkeyed-2', clock.now());
    expect(await w.runDue()).toBe(2);
  });

  it('a worker that claimed a job and died: the lease keeps others off until it runs out, then it runs', async () => {
    const seen: JobContext[] = [];
    const w = worker(async (_id, ctx) => void seen.push(ctx));
    await enqueue('orphaned', clock.now());
    const dead = worker(async () => {
      throw new Error('never runs');
    });
    expect(await dead.claimOnly()).toHaveLength(1);
    expect(await w.runDue()).toBe(0);
    clock.advance(5 * MINUTE - 1);
    expect(await w.runDue()).toBe(0);
    clock.advance(1);
    expect(await w.runDue()).toBe(1);
    expect(seen).toEqual([expect.objectContaining({ attempt: 2 })]);
    expect(await rowOf('orphaned')).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('old done jobs', () => {
  /** Runs three jobs at `clock`'s time and fails a fourth for good, then moves the clock `later` on. */
  async function finishedJobs() {
    const w = worker(async (id) => {
      if (id === 'failed') throw new Error('gives up');
    });
    for (const id of ['old-1', 'old-2', 'failed']) await enqueue(id, clock.now(), { maxAttempts: 1 });
    // And the failed one's alert (a notify job, done with them).
    expect(await w.runDue()).toBe(4);
    clock.advance(30 * DAY - HOUR);
    await enqueue('recent', clock.now());
    expect(await w.runDue()).toBe(1);
    await enqueue('queued', new Date(clock.now().getTime() + 60 * DAY));
    return w;
  }
  const kept = async () =>
    (await db().select({ payload: jobs.payload, state: jobs.state }).from(jobs)).map(
      (r) => `${String(r.payload.withdrawalId ?? 'alert')}:${r.state}`,
    );

  it('are deleted 30 days after they finished; recent, queued and failed ones stay', async () => {
    const w = await finishedJobs();
    clock.advance(HOUR - 1);
    expect(await w.prune()).toBe(0);
    clock.advance(1);
    expect(await w.prune()).toBe(3);
    expect((await kept()).sort()).toEqual(['failed:failed', 'queued:queued', 'recent:done']);
    // A key that was pruned belongs to a step that never repeats; pruning twice changes nothing.
    expect(await w.prune()).toBe(0);
  });

  it('a background worker prunes them by itself', async () => {
    const w = await finishedJobs();
    clock.advance(HOUR);
    const background = createScheduler({ db: db(), clock, pollMs: 5 });
    background.start();
    try {
      await expect.poll(async () => (await kept()).length, { timeout: 10_000 }).toBe(3);
    } finally {
      await background.stop();
    }
    expect(await w.prune()).toBe(0);
  });
});

const needsPostgres =
  testEngine === 'postgres' ? null : 'needs PostgreSQL (runs in the postgres project, with TEST_DATABASE_URL)';
if (needsPostgres) console.warn(`[scheduler] several-instance tests skipped: ${needsPostgres}`);

describe.skipIf(needsPostgres)('several instances on one PostgreSQL database', () => {
  it('four workers on two connection pools race over 200 due jobs: each runs exactly once', async () => {
    const other = await secondPool(db());
    try {
      const runs = new Map<string, number>();
      const handler = (on: Db) => async (id: string) => {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        // A round trip, so the workers interleave.
        await on.execute(sql`select 1`);
      };
      const ids = Array.from({ length: 200 }, (_, i) => `race-${i}`);
      for (const id of ids) await enqueue(id, clock.now());
      const workers = [db(), db(), other.db, other.db].map((on) => {
        const s = createScheduler({ db: on, clock, concurrency: { money: 7 } });
        s.registerAll({ 'payout.settle': ({ withdrawalId }) => handler(on)(withdrawalId) });
        return s;
      });
      const counts = await Promise.all(workers.map((w) => w.runDue()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
      // They really raced: the work was shared (each runs 7 at a time, skipping the rows others hold).
      expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
      expect(ids.filter((id) => runs.get(id) !== 1)).toEqual([]);
      const states = await db()
        .select({ state: jobs.state, n: sql<number>`count(*)::int` })
        .from(jobs)
        .groupBy(jobs.state);
      expect(states).toEqual([{ state: 'done', n: 200 }]);
    } finally {
      await other.close();
    }
  });

  it('two app instances running due auto-releases at the same time release each deal once', async () => {
    const other = await secondPool(db());
    const config = testConfig();
    const appClock = adjustableClock(new Date('2026-02-02T08:00:00Z'));
    const a = await buildApp({ config, database, clock: appClock });
    const b = await buildApp({ config, database: other, clock: appClock });
    try {
      const { buyer, seller } = await parties(a);
      const n = 40;
      await creditWallet(db(), buyer.user.id, BigInt(n) * 10_300n);
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const { id } = await createTransaction(a, buyer, seller.email, { description: `Lot ${i}` });
        await fundFromWallet(a, buyer, id);
        await acceptTransaction(a, seller, id);
        await deliverTransaction(a, seller, id);
        ids.push(id);
      }
      appClock.advance(3 * DAY);
      await Promise.all([a.scheduler.runDue(), b.scheduler.runDue(), a.scheduler.runDue(), b.scheduler.runDue()]);

      const released = await db()
        .select({ id: journalEntries.transactionId, n: sql<number>`count(*)::int` })
        .from(journalEntries)
        .where(eq(journalEntries.kind, 'release'))
        .groupBy(journalEntries.transactionId);
      expect(released).toHaveLength(n);
      expect(released.every((r) => r.n === 1)).toBe(true);
      const completed = await db()
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.status, 'completed'), eq(transactions.buyerId, buyer.user.id)));
      expect(completed).toHaveLength(n);
      expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(BigInt(n) * 10_000n);
      expect((await checkLedger(db())).problems).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await other.close();
    }
  });
});
