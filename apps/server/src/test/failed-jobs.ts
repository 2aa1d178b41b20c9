import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../db/schema/index.js';
import { enqueueJob } from '../jobs/index.js';
import { HOUR, type AdjustableClock } from '../lib/clock.js';
import { registerUser } from './factories.js';
import { as, creditWallet, ZA_BANK } from './money-factories.js';
import type { StripeStandIn } from './stripe-stand-in.js';

/** Payouts through Stripe's SDK, pointed at the local stand-in. */
export const stripePayoutsEnv = (standIn: StripeStandIn): Record<string, string> => ({
  PAYOUTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(standIn.port),
  STRIPE_API_PROTOCOL: 'http',
});

export const STRIPE_REFUSAL = 'You have insufficient funds in your Stripe account for this transfer.';

/** A withdrawal requested while Stripe refuses payouts (its own settle job is due a few seconds later). */
async function refusedWithdrawal(app: FastifyInstance, standIn: StripeStandIn) {
  standIn.refusePayouts(STRIPE_REFUSAL);
  const person = await registerUser(app, { role: 'seller', tier: 2 });
  await creditWallet(app.database.db, person.user.id, 50_000n, 'ZAR');
  const body = {
    amount: '150.00',
    currency: 'ZAR',
    accountHolderName: 'Thandi Nkosi',
    ...ZA_BANK,
  };
  const res = await as(app, person)('POST', '/api/wallet/withdraw', body, { 'idempotency-key': randomUUID() });
  if (res.statusCode !== 201) throw new Error(`withdraw failed: ${res.statusCode} ${res.body}`);
  return { person, withdrawalId: res.json().id as string };
}

const jobByKey = async (app: FastifyInstance, key: string) =>
  (await app.database.db.select().from(jobs).where(eq(jobs.key, key)))[0];

/**
 * A money job that gave up for real: a withdrawal whose payout Stripe refused at every attempt, the clock
 * moved an hour at a time until its `payout.settle` job ran out of attempts. Payouts are refused from
 * here on, until the test calls `standIn.refusePayouts(null)`.
 */
export async function payoutThatGaveUp(app: FastifyInstance, standIn: StripeStandIn, clock: AdjustableClock) {
  const { person, withdrawalId } = await refusedWithdrawal(app, standIn);
  for (let hours = 0; hours < 200; hours++) {
    clock.advance(HOUR);
    await app.scheduler.runDue();
    const job = await jobByKey(app, `payout.settle:${withdrawalId}`);
    if (job?.state === 'failed') return { job, withdrawalId, person };
  }
  throw new Error('the payout job never gave up');
}

/**
 * The same in one step: a settle job for a refused withdrawal, allowed a single attempt, which Stripe
 * refuses. (The withdrawal's own job waits a few seconds of the clock; a test that moves it runs that too.)
 */
export async function payoutThatFailedAtOnce(app: FastifyInstance, standIn: StripeStandIn, clock: AdjustableClock) {
  const { person, withdrawalId } = await refusedWithdrawal(app, standIn);
  const key = `one-attempt:${withdrawalId}`;
  await enqueueJob(app.database.db, {
    kind: 'payout.settle',
    payload: { withdrawalId },
    runAt: clock.now(),
    key,
    maxAttempts: 1,
  });
  await app.scheduler.runDue();
  const job = await jobByKey(app, key);
  if (job?.state !== 'failed') throw new Error(`the payout job did not fail: ${job?.state}`);
  return { job, withdrawalId, person };
}
