import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.js';
import { adjustableClock, DAY, SECOND, type AdjustableClock } from '../lib/clock.js';
import { createTestDatabase } from '../test/test-app.js';
import type { NotificationEvent } from './kinds.js';
import { cancelJob, lockJob } from './operations.js';
import { enqueueJob } from './queue.js';
import { createScheduler, errorText, type JobHandlers, type SchedulerOptions } from './scheduler.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock: AdjustableClock;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.delete(jobs);
  clock = adjustableClock(new Date('2026-03-02T09:00:00Z'));
});
const db = () => database.db;

/** A promise with its resolve outside: a handler waits on it until the test lets it go. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

/** How many handlers run at once, and the most that ever did. */
function gauge() {
  const g = {
    now: 0,
    most: 0,
    async around<T>(work: () => Promise<T>): Promise<T> {
      g.now += 1;
      g.most = Math.max(g.most, g.now);
      try {
        return await work();
      } finally {
        g.now -= 1;
      }
    },
  };
  return g;
}

const payout = (withdrawalId: string, extra: { maxAttempts?: number } = {}) =>
  enqueueJob(db(), { kind: 'payout.settle', payload: { withdrawalId }, runAt: clock.now(), ...extra });
const email = (to: string, extra: { maxAttempts?: number } = {}) =>
  enqueueJob(db(), {
    kind: 'email.send',
    payload: { to, subject: 's', text: 't', html: 'h' },
    runAt: clock.now(),
    ...extra,
  });
const rowOf = async (withdrawalId: string) => {
  const [row] = await db()
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'withdrawalId' = ${withdrawalId}`);
  return row!;
};

function worker(handlers: JobHandlers, options: Partial<SchedulerOptions> = {}) {
  const scheduler = createScheduler({ db: db(), clock, ...options });
  scheduler.registerAll(handlers);
  return scheduler;
}

/** A real logger (Fastify's pino) whose lines the test reads. */
function capturedLog(level: 'info' | 'warn' = 'warn') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = Fastify({ logger: { level, stream } }).log;
  return { log, lines };
}

describe('lanes', () => {
  it('a backlog of emails never holds up a money job; each lane runs at most its concurrency at once', async () => {
    const emailsGo = gate();
    const moneyDone = gate();
    const emails = gauge();
    const money = gauge();
    const w = worker(
      {
        'email.send': () => emails.around(() => emailsGo.opened),
        'payout.settle': async ({ withdrawalId }) => {
          await money.around(async () => {
            if (withdrawalId === 'last') moneyDone.open();
            await db().execute(sql`select 1`);
          });
        },
      },
      { concurrency: { email: 3, money: 2 } },
    );
    for (let i = 0; i < 12; i++) await email(`person-${i}@example.com`);
    for (const id of ['first', 'second', 'third', 'last']) await payout(id);

    const run = w.runDue();
    // Every payout runs while the emails ahead of them are stuck at the mail server.
    await moneyDone.opened;
    await expect.poll(async () => (await rowOf('last')).state).toBe('done');
    // The email lane may claim its three after the payouts are done; it holds no more than three.
    await expect.poll(() => emails.now).toBe(3);
    emailsGo.open();
    expect(await run).toBe(16);
    expect(emails.most).toBe(3);
    expect(money.most).toBeLessThanOrEqual(2);
    const states = await db()
      .select({ state: jobs.state, n: sql<number>`count(*)::int` })
      .from(jobs)
      .groupBy(jobs.state);
    expect(states).toEqual([{ state: 'done', n: 16 }]);
  });

  it('only a money job that gives up alerts the admins; an email that gives up does not', async () => {
    const alerts: NotificationEvent[] = [];
    const w = worker({
      'email.send': async () => {
        throw new Error('mail server said no');
      },
      'payout.settle': async () => {
        throw new Error('provider down', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
      },
      notify: async ({ event }) => void alerts.push(event),
    });
    await email('someone@example.com', { maxAttempts: 1 });
    await payout('stuck', { maxAttempts: 1 });
    expect(await w.runDue()).toBe(3);
    const failed = await rowOf('stuck');
    expect(failed).toMatchObject({ state: 'failed', lastError: 'provider down: connect ECONNREFUSED 127.0.0.1:9' });
    expect(alerts).toEqual([{ type: 'job.failed', jobId: failed.id }]);
    const [mail] = await db().select().from(jobs).where(eq(jobs.kind, 'email.send'));
    expect(mail).toMatchObject({ state: 'failed', lastError: 'mail server said no' });
  });

  it("an error's text carries its causes, and is cut at 2,000 characters", () => {
    const inner = new Error('You have insufficient funds in your Stripe account.');
    expect(errorText(new Error('Stripe create payout failed', { cause: inner }))).toBe(
      'Stripe create payout failed: You have insufficient funds in your Stripe account.',
    );
    expect(errorText('plain')).toBe('plain');
    expect(errorText(new Error('x'.repeat(3000)))).toHaveLength(2000);
  });
});

describe('the lease of a running job', () => {
  it('is renewed while the job runs, so no other worker takes it', async () => {
    const leaseMs = 300;
    const started = gate();
    const finish = gate();
    const w = worker(
      {
        'payout.settle': async () => {
          started.open();
          await finish.opened;
        },
      },
      { leaseMs },
    );
    await payout('long');
    const run = w.runDue();
    await started.opened;
    const claimedAt = clock.now().getTime();
    expect((await rowOf('long')).lockedUntil?.getTime()).toBe(claimedAt + leaseMs);

    // Long past its first lease, the job is still this worker's: the renewal moved the lease on.
    clock.advance(10 * leaseMs);
    await expect
      .poll(async () => (await rowOf('long')).lockedUntil?.getTime(), { timeout: 10_000 })
      .toBe(clock.now().getTime() + leaseMs);
    const other = worker({});
    expect(await other.claimOnly()).toEqual([]);

    finish.open();
    expect(await run).toBe(1);
    expect(await rowOf('long')).toMatchObject({ state: 'done', lockedUntil: null, attempts: 1 });
  });

  it('a renewal that finds the job taken by another worker says so in the log', async () => {
    const { log, lines } = capturedLog();
    const started = gate();
    const finish = gate();
    const w = worker(
      {
        'payout.settle': async () => {
          started.open();
          await finish.opened;
        },
      },
      { leaseMs: 300, log },
    );
    await payout('taken');
    const run = w.runDue();
    await started.opened;
    // As if this worker had stalled past its lease and another had claimed the job.
    await db()
      .update(jobs)
      .set({ lockedBy: 'another-worker' })
      .where(eq(jobs.id, (await rowOf('taken')).id));
    await expect
      .poll(() => lines.some((l) => l.includes('job lease lost while running')), { timeout: 10_000 })
      .toBe(true);
    finish.open();
    await run;
    // Its outcome is the other worker's to record.
    expect(await rowOf('taken')).toMatchObject({ state: 'queued', lockedBy: 'another-worker' });
  });
});

describe('stopping the worker', () => {
  it('gives back at once what it claimed but had not started', async () => {
    const { log, lines } = capturedLog('info');
    let ran = 0;
    const w = worker({ 'payout.settle': async () => void (ran += 1) }, { log });
    await payout('claimed-at-stop');
    const { id } = await rowOf('claimed-at-stop');
    // The claim is on its way when stop() is called.
    const run = w.runDue();
    const stopped = w.stop();
    expect(await run).toBe(0);
    await stopped;
    expect(ran).toBe(0);
    expect(lines.some((l) => l.includes('jobs claimed at stop given back') && l.includes(id))).toBe(true);
    expect(await rowOf('claimed-at-stop')).toMatchObject({
      state: 'queued',
      lockedUntil: null,
      lockedBy: null,
      attempts: 0,
    });
    // Another instance takes it at once, not when a lease runs out.
    expect(await worker({}).claimOnly()).toHaveLength(1);
  });

  it('waits for the jobs that run, and claims nothing more', async () => {
    const started = gate();
    const finish = gate();
    let ran = 0;
    // Polls only when kicked, so nothing but the kick below claims.
    const w = worker(
      {
        'payout.settle': async ({ withdrawalId }) => {
          ran += 1;
          if (withdrawalId !== 'running') return;
          started.open();
          await finish.opened;
        },
      },
      { pollMs: 60_000 },
    );
    w.start();
    await payout('running');
    w.kick();
    await started.opened;
    await payout('after-stop');
    let stopDone = false;
    const stopping = w.stop().then(() => (stopDone = true));
    w.kick();
    await Promise.resolve();
    expect(stopDone).toBe(false);
    finish.open();
    await stopping;
    expect(await rowOf('running')).toMatchObject({ state: 'done' });
    expect(await rowOf('after-stop')).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect(ran).toBe(1);
  });

  it('past its grace period leaves a job that still runs to its lease, and says so', async () => {
    const { log, lines } = capturedLog();
    const started = gate();
    const finish = gate();
    const w = worker(
      {
        'payout.settle': async () => {
          started.open();
          await finish.opened;
        },
      },
      { log },
    );
    await payout('stuck');
    const run = w.runDue();
    await started.opened;
    const held = await rowOf('stuck');
    await w.stop(50);
    // The process may exit now: the job is not given back under a handler that may still commit; when
    // the lease runs out another instance takes it.
    expect(await rowOf('stuck')).toMatchObject({
      state: 'queued',
      lockedBy: held.lockedBy,
      lockedUntil: held.lockedUntil,
    });
    expect(lines.some((l) => l.includes('jobs still running at stop keep their lease') && l.includes(held.id))).toBe(
      true,
    );
    finish.open();
    await run;
  });
});

describe('cancelled jobs', () => {
  it('never run, and are deleted with the done ones 30 days later', async () => {
    let ran = 0;
    const w = worker({ 'payout.settle': async () => void (ran += 1) });
    await payout('set-aside');
    const { id } = await rowOf('set-aside');
    await db().transaction(async (tx) => {
      expect(await lockJob(tx, id)).toMatchObject({ state: 'queued' });
      await cancelJob(tx, id, clock.now());
    });
    clock.advance(SECOND);
    expect(await w.runDue()).toBe(0);
    expect(ran).toBe(0);
    clock.advance(30 * DAY);
    expect(await w.prune()).toBe(1);
  });
});
