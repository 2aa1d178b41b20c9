import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, withdrawals } from '../../db/schema/index.js';
import { adjustableClock, MINUTE, SECOND } from '../../lib/clock.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  entriesOf,
  expectHealthyLedger,
  payoutClearing,
  pendingPayouts,
  personWithMoney,
  walletOf,
  withdraw,
  withdrawal,
} from './withdrawals.test-helpers.js';

const clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    clock,
    env: {
      PAYOUTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(standIn.port),
      STRIPE_API_PROTOCOL: 'http',
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
const db = () => t.app.database.db;
const rowOf = async (id: string) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

describe('withdrawals through Stripe Payouts (local stand-in)', () => {
  it('creates the payout keyed by the withdrawal id, asks again while in transit, settles when paid', async () => {
    const seller = await personWithMoney(t.app, 20_000n, 'EUR');
    const w = (
      await withdraw(
        t.app,
        seller,
        withdrawal({ amount: '75.00', currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00' }),
      )
    ).json();
    const row = await rowOf(w.id);
    expect(row.provider).toBe('stripe');
    const payout = standIn.payouts.get(row.providerPayoutId!)!;
    expect(payout).toMatchObject({ amount: 7_500, currency: 'eur', metadata: { withdrawalId: w.id } });
    expect(standIn.calls.find((c) => c.path === '/v1/payouts')?.idempotencyKey).toBe(w.id);

    standIn.settlePayout(payout.id, 'in_transit');
    clock.advance(5 * SECOND);
    await t.app.scheduler.runDue();
    expect((await rowOf(w.id)).status).toBe('pending');
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.key, `payout.settle:${w.id}`));
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: expect.stringContaining('still pending') });

    standIn.settlePayout(payout.id, 'paid');
    clock.advance(MINUTE);
    await t.app.scheduler.runDue();
    expect(await rowOf(w.id)).toMatchObject({ status: 'paid', providerPayoutId: payout.id });
    expect(await payoutClearing(db(), 'stripe', 'EUR')).toBe(7_500n);
    expect(await pendingPayouts(db(), 'EUR')).toBe(0n);
    expect(await walletOf(db(), seller, 'EUR')).toBe(12_500n);
    expect(await entriesOf(db(), w.id, 'payout_completed')).toBe(1);
    // One payout at Stripe for the withdrawal, however often it was asked about.
    expect([...standIn.payouts.values()].filter((p) => p.metadata.withdrawalId === w.id)).toHaveLength(1);
    await expectHealthyLedger(db());
  });

  it('a payout Stripe fails returns the money with Stripe’s reason', async () => {
    const seller = await personWithMoney(t.app, 20_000n, 'EUR');
    const w = (
      await withdraw(
        t.app,
        seller,
        withdrawal({ amount: '80.00', currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00' }),
      )
    ).json();
    standIn.settlePayout((await rowOf(w.id)).providerPayoutId!, 'failed', 'The bank account has been closed');
    clock.advance(5 * SECOND);
    await t.app.scheduler.runDue();
    expect(await rowOf(w.id)).toMatchObject({ status: 'failed', failureReason: 'The bank account has been closed' });
    expect(await walletOf(db(), seller, 'EUR')).toBe(20_000n);
    expect(await entriesOf(db(), w.id, 'payout_returned')).toBe(1);
    await expectHealthyLedger(db());
  });
});
