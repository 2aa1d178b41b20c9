import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/index.js';
import { adjustableClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { payoutThatGaveUp, STRIPE_REFUSAL, stripePayoutsEnv } from '../../test/failed-jobs.js';
import { as } from '../../test/money-factories.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { observe, report } from './notifications.test-helpers.js';

const clock = adjustableClock(new Date('2026-04-06T08:00:00Z'));
let standIn: StripeStandIn;
let t: TestApp;
let admins: RegisteredUser[];
let others: RegisteredUser[];
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ clock, env: stripePayoutsEnv(standIn) });
  admins = [
    await registerUser(t.app, { role: 'admin', firstName: 'Ada' }),
    await registerUser(t.app, { role: 'admin', firstName: 'Ben' }),
  ];
  others = [await registerUser(t.app, { role: 'moderator' }), await registerUser(t.app)];
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const db = () => t.app.database.db;

describe('a money job that gives up', () => {
  it('tells every admin in the bell and by email, whatever their email settings; nobody else', async () => {
    // Money alerts ignore the optional categories, as money emails do.
    await as(t.app, admins[1]!)('PUT', '/api/notifications/preferences', {
      email: { transactions: false, disputes: false, messages: false, support: false },
    });
    // Stripe refused the payout at every attempt, for days: the settle job gave up.
    let failed!: Awaited<ReturnType<typeof payoutThatGaveUp>>;
    const seen = await observe(t.app, async () => (failed = await payoutThatGaveUp(t.app, standIn, clock)));
    const job = failed.job;
    expect(job).toMatchObject({ kind: 'payout.settle', state: 'failed', attempts: 100 });
    expect(job.lastError).toBe(`Stripe create payout failed: ${STRIPE_REFUSAL}`);

    for (const admin of admins) {
      expect(seen.bellsOf(admin.user.id)).toMatchObject([
        {
          type: 'job.failed',
          title: 'Money job failed',
          body: expect.stringContaining('payout.settle gave up after 100 attempts'),
          link: '/admin-dashboard?tab=system',
        },
      ]);
      const [mail] = seen.emailTo(admin.email);
      expect(mail?.subject).toBe('Holdfast: a payout.settle job failed and needs you');
      expect(mail?.text).toContain(job.id);
      expect(mail?.text).toContain(STRIPE_REFUSAL);
      expect(mail?.links).toContain(`${t.app.config.publicUrl}/admin-dashboard?tab=system`);
    }
    for (const other of others) {
      expect(seen.bellsOf(other.user.id)).toEqual([]);
      expect(seen.emailTo(other.email)).toEqual([]);
    }
  });

  it('an alert that comes after the job was retried or cancelled tells nobody', async () => {
    // Not due for a year: the worker never takes it in this test.
    await enqueueJob(db(), {
      kind: 'payout.settle',
      payload: { withdrawalId: 'never-runs' },
      runAt: new Date(clock.now().getTime() + 365 * 24 * 3600_000),
      key: 'alert-after-retry',
    });
    const [job] = await db().select().from(jobs).where(eq(jobs.key, 'alert-after-retry'));
    const seen = await report(t.app, clock, { type: 'job.failed', jobId: job!.id });
    expect(seen.bells).toEqual([]);
    expect(seen.emails).toEqual([]);
  });
});
