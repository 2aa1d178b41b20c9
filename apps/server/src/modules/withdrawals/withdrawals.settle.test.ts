import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, withdrawals } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { adjustableClock, SECOND } from '../../lib/clock.js';
import {
  createSandboxPayoutProvider,
  PayoutProviderError,
  type PayoutProvider,
} from '../../providers/payouts/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { as } from '../../test/money-factories.js';
import {
  entriesOf,
  expectHealthyLedger,
  notificationsOf,
  payoutClearing,
  pendingPayouts,
  personWithMoney,
  walletOf,
  withdraw,
  withdrawal,
} from './withdrawals.test-helpers.js';

const start = new Date('2026-01-05T10:00:00Z');

describe('payout.settle with the sandbox provider', () => {
  const clock = adjustableClock(start);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;
  const rowOf = async (id: string) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
  const activity = async (who: Parameters<typeof as>[1]) =>
    (await as(t.app, who)('GET', '/api/wallet/transactions')).json() as {
      type: string;
      amount: string;
      description: string;
      status: string;
    }[];

  it('a paid payout: pending for the first seconds, then payouts_pending → the sandbox’s clearing, once', async () => {
    const seller = await personWithMoney(t.app, 50_000n);
    const pendingBefore = await pendingPayouts(db());
    const clearingBefore = await payoutClearing(db(), 'sandbox');
    const w = (await withdraw(t.app, seller, withdrawal({ amount: '150.00' }))).json();

    await t.app.scheduler.runDue();
    expect((await rowOf(w.id)).status).toBe('pending');
    expect((await activity(seller))[0]).toMatchObject({
      type: 'withdrawal',
      amount: '-150.00',
      description: 'Withdrawal to account ending 5678',
      status: 'pending',
    });

    clock.advance(5 * SECOND);
    await t.app.scheduler.runDue();
    const row = await rowOf(w.id);
    expect(row).toMatchObject({ status: 'paid', failureReason: null, providerPayoutId: `po_sandbox_ok_${w.id}` });
    expect(row.settledAt?.toISOString()).toBe('2026-01-05T10:00:05.000Z');
    expect(await pendingPayouts(db())).toBe(pendingBefore);
    expect((await payoutClearing(db(), 'sandbox')) - clearingBefore).toBe(15_000n);
    expect(await walletOf(db(), seller)).toBe(35_000n);
    expect(await entriesOf(db(), w.id, 'payout_completed')).toBe(1);
    // On its way when asked for (every hold explained), then paid.
    expect((await notificationsOf(db(), w.id)).sort()).toEqual(['withdrawal.paid', 'withdrawal.pending']);
    expect((await activity(seller))[0]).toMatchObject({ type: 'withdrawal', amount: '-150.00', status: 'completed' });
    const list = (await as(t.app, seller)('GET', '/api/wallet/withdrawals')).json();
    expect(list[0]).toMatchObject({ id: w.id, status: 'paid', settledAt: '2026-01-05T10:00:05.000Z' });

    // Settling again changes nothing.
    await t.app.services.withdrawals.settle(w.id);
    expect(await entriesOf(db(), w.id, 'payout_completed')).toBe(1);
    expect((await payoutClearing(db(), 'sandbox')) - clearingBefore).toBe(15_000n);
    await expectHealthyLedger(db());
  });

  it('a failed payout (account ending 0000) returns the money exactly once, however often the job runs', async () => {
    const seller = await personWithMoney(t.app, 50_000n);
    const pendingBefore = await pendingPayouts(db());
    const w = (await withdraw(t.app, seller, withdrawal({ amount: '150.00', accountNumber: '1234 0000' }))).json();
    expect(await walletOf(db(), seller)).toBe(35_000n);

    clock.advance(5 * SECOND);
    await t.app.scheduler.runDue();
    expect(await rowOf(w.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The bank rejected the account number',
    });
    expect(await walletOf(db(), seller)).toBe(50_000n);
    expect(await pendingPayouts(db())).toBe(pendingBefore);

    // The job again (a second job for the same withdrawal), and settle three times at once.
    await enqueueJob(db(), { kind: 'payout.settle', payload: { withdrawalId: w.id }, runAt: clock.now() });
    await t.app.scheduler.runDue();
    await Promise.all([1, 2, 3].map(() => t.app.services.withdrawals.settle(w.id)));
    expect(await walletOf(db(), seller)).toBe(50_000n);
    expect(await entriesOf(db(), w.id, 'payout_returned')).toBe(1);
    expect(await entriesOf(db(), w.id, 'payout_completed')).toBe(0);
    expect((await notificationsOf(db(), w.id)).sort()).toEqual(['withdrawal.failed', 'withdrawal.pending']);

    const [returned, debit] = await activity(seller);
    expect([returned, debit].map((a) => [a!.type, a!.amount, a!.description, a!.status])).toEqual([
      ['withdrawal', '150.00', 'Withdrawal returned: The bank rejected the account number', 'completed'],
      ['withdrawal', '-150.00', 'Withdrawal to account ending 0000', 'failed'],
    ]);
    const list = (await as(t.app, seller)('GET', '/api/wallet/withdrawals')).json();
    expect(list[0]).toMatchObject({ status: 'failed', failureReason: 'The bank rejected the account number' });
    await expectHealthyLedger(db());
  });

  it('settles racing from pending (two workers, a retry after a crash): the money moves once', async () => {
    const seller = await personWithMoney(t.app, 50_000n);
    const failing = (await withdraw(t.app, seller, withdrawal({ amount: '200.00', accountNumber: '99990000' }))).json();
    const paying = (await withdraw(t.app, seller, withdrawal({ amount: '100.00' }))).json();
    const clearingBefore = await payoutClearing(db(), 'sandbox');
    await Promise.all(
      [failing.id, paying.id, failing.id, paying.id, failing.id, paying.id].map((id) =>
        t.app.services.withdrawals.settle(id),
      ),
    );
    expect(await entriesOf(db(), failing.id, 'payout_returned')).toBe(1);
    expect(await entriesOf(db(), paying.id, 'payout_completed')).toBe(1);
    expect(await walletOf(db(), seller)).toBe(40_000n);
    expect((await payoutClearing(db(), 'sandbox')) - clearingBefore).toBe(10_000n);
    await expectHealthyLedger(db());
  });
});

/** The sandbox behind a switch: while `down`, every call fails as an unreachable provider would. */
function switchableSandbox() {
  const sandbox = createSandboxPayoutProvider();
  const state = { down: false, calls: 0 };
  const guard = () => {
    state.calls++;
    if (state.down) throw new PayoutProviderError('sandbox: unreachable');
  };
  const provider: PayoutProvider = {
    name: 'sandbox',
    async createPayout(input) {
      guard();
      return sandbox.createPayout(input);
    },
    async getPayout(id) {
      guard();
      return sandbox.getPayout(id);
    },
  };
  return { provider, state };
}

describe('payout.settle when the provider is unreachable', () => {
  const clock = adjustableClock(start);
  const { provider, state } = switchableSandbox();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, providers: { payouts: provider } });
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  it('a request that never reached the provider stays pending; the job starts the payout and retries with backoff', async () => {
    const seller = await personWithMoney(t.app, 50_000n);
    state.down = true;
    const res = await withdraw(t.app, seller, withdrawal({ amount: '120.00' }));
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(w.status).toBe('pending');
    const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(row!.providerPayoutId).toBeNull();
    expect(await walletOf(db(), seller)).toBe(38_000n);

    // The first settle attempt still finds the provider down: the job is queued again, 30 s later.
    clock.advance(5 * SECOND);
    await t.app.scheduler.runDue();
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `payout.settle:${w.id}`));
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: expect.stringContaining('unreachable') });
    expect(job!.runAt.toISOString()).toBe('2026-01-05T10:00:35.000Z');

    state.down = false;
    clock.advance(30 * SECOND);
    await t.app.scheduler.runDue();
    const [settled] = await db().select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(settled).toMatchObject({ status: 'paid', providerPayoutId: `po_sandbox_ok_${w.id}` });
    expect(await entriesOf(db(), w.id, 'payout_completed')).toBe(1);
    expect(await pendingPayouts(db())).toBe(0n);
    await expectHealthyLedger(db());
  });
});
