import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, ledgerAccounts, ledgerCheckRuns } from '../db/schema/index.js';
import { createScheduler } from '../jobs/scheduler.js';
import { adjustableClock, HOUR, type AdjustableClock } from '../lib/clock.js';
import { createTestDatabase } from '../test/test-app.js';
import { latestLedgerCheck, ledgerCheckJobHandlers, nextLedgerCheckAt, scheduleLedgerCheck } from './index.js';

describe('nextLedgerCheckAt', () => {
  it('is the next 03:00 UTC, strictly after the given time', () => {
    const next = (iso: string) => nextLedgerCheckAt(new Date(iso)).toISOString();
    expect(next('2026-01-05T02:59:59.999Z')).toBe('2026-01-05T03:00:00.000Z');
    expect(next('2026-01-05T03:00:00.000Z')).toBe('2026-01-06T03:00:00.000Z');
    expect(next('2026-01-05T23:30:00.000Z')).toBe('2026-01-06T03:00:00.000Z');
    expect(next('2026-12-31T10:00:00.000Z')).toBe('2027-01-01T03:00:00.000Z');
  });
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clock: AdjustableClock;
/** Every line the check's logger wrote, parsed (pino's JSON). */
let logged: Array<{ level: number; msg: string; problemCount?: number }>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(ledgerCheckRuns);
  clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
  logged = [];
});

/** A worker with the ledger check's handler, its log lines collected. */
function worker() {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  const { log } = Fastify({ logger: { level: 'info', stream } });
  const scheduler = createScheduler({ db: database.db, clock, log });
  scheduler.registerAll(ledgerCheckJobHandlers({ db: database.db, clock, log }));
  return scheduler;
}

const queuedChecks = () =>
  database.db.select({ key: jobs.key, runAt: jobs.runAt }).from(jobs).where(eq(jobs.state, 'queued'));

describe('the daily ledger check (job ledger.check)', () => {
  it('is queued once for the next 03:00 UTC however many instances start', async () => {
    await Promise.all([1, 2, 3].map(() => scheduleLedgerCheck(database.db, clock.now())));
    await scheduleLedgerCheck(database.db, clock.now());
    expect(await queuedChecks()).toEqual([{ key: 'ledger.check:2026-01-06', runAt: new Date('2026-01-06T03:00:00Z') }]);
  });

  it('stores its result and queues the next day’s check, once, however often it is asked to', async () => {
    const w = worker();
    await scheduleLedgerCheck(database.db, clock.now());
    expect(await latestLedgerCheck(database.db)).toBeNull();
    clock.advance(17 * HOUR - 1);
    expect(await w.runDue()).toBe(0);
    clock.advance(1);
    expect(await w.runDue()).toBe(1);

    const latest = await latestLedgerCheck(database.db);
    expect(latest).toEqual({ startedAt: clock.now(), finishedAt: clock.now(), ok: true, problems: [] });
    expect(logged).toContainEqual(expect.objectContaining({ level: 30, msg: 'ledger check passed' }));
    expect(await queuedChecks()).toEqual([{ key: 'ledger.check:2026-01-07', runAt: new Date('2026-01-07T03:00:00Z') }]);
    // Another instance starting, and the worker polling again the same day: nothing more is queued or run.
    await scheduleLedgerCheck(database.db, clock.now());
    expect(await w.runDue()).toBe(0);
    expect(await queuedChecks()).toHaveLength(1);
    expect(await database.db.select().from(ledgerCheckRuns)).toHaveLength(1);
  });

  it('records a ledger that breaks an invariant and logs it as an error', async () => {
    // An account whose balance no posting explains: the balances of ZAR no longer sum to zero either.
    await database.db.insert(ledgerAccounts).values({ key: 'fees:ZAR', type: 'fees', currency: 'ZAR', balance: 500n });
    const w = worker();
    await scheduleLedgerCheck(database.db, clock.now());
    clock.advance(17 * HOUR);
    expect(await w.runDue()).toBe(1);
    const latest = await latestLedgerCheck(database.db);
    expect(latest?.ok).toBe(false);
    expect(latest?.problems).toEqual(
      expect.arrayContaining(['fees:ZAR: balance 500 but last balance_after 0', 'balances in ZAR sum to 500, not 0']),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'ledger check failed', problemCount: latest!.problems.length }),
    );
    // A failed check is a result, not a failed job: the next day's check is queued as usual.
    expect((await queuedChecks()).map((j) => j.key)).toEqual(['ledger.check:2026-01-07']);
    await database.db.delete(ledgerAccounts).where(eq(ledgerAccounts.key, 'fees:ZAR'));
  });
});
