import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STRIPE_REFUSAL, stripePayoutsEnv } from '../apps/server/src/test/failed-jobs.js';
import { startStripeStandIn, type StripeStandIn } from '../apps/server/src/test/stripe-stand-in.js';
import { DEMO_PASSWORD, browserMissing, launchBrowser, lookAtBothWidths, reportFailure } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN = 'admin@holdfast.dev';
const HOUR_SECONDS = 3600;

/**
 * A money job that really fails, in the browser: Stripe (a local stand-in) refuses every payout, so the
 * demo buyer's withdrawal cannot be paid out; hour after hour of the server's test clock its settle job
 * asks again until it gives up. Every admin is alerted (bell and email); the System tab lists the job with
 * Stripe's words; once payouts work again the admin retries it, and the withdrawal is paid.
 */
describe.skipIf(browserMissing)('failed money jobs in the admin System tab', () => {
  let standIn: StripeStandIn;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    standIn.refusePayouts(STRIPE_REFUSAL);
    server = await startServer({ TEST_CLOCK: 'true', JOBS_POLL_MS: '200', ...stripePayoutsEnv(standIn) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await standIn?.close();
  });

  async function newPage(name: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(() => reportFailure(page, `job-operations-failure-${name}`));
    return page;
  }

  it('an admin is alerted to a payout that gave up, sees why, and retries it once Stripe pays again', async () => {
    // The demo buyer withdraws R 150 while Stripe refuses payouts.
    const buyer = await newPage('buyer');
    const login = await buyer.request.post('/api/auth/login', {
      data: { email: 'buyer@holdfast.dev', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const requested = await buyer.request.post('/api/wallet/withdraw', {
      data: {
        amount: '150.00',
        currency: 'ZAR',
        accountHolderName: 'Demo Buyer',
        bankName: 'FNB',
        branchCode: '250655',
        accountNumber: '6200 1234 5678',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(requested.status()).toBe(201);
    const withdrawalId: string = (await requested.json()).id;

    const admin = await newPage('admin');
    await admin.goto('/admin/login');
    await admin.getByLabel('Email').fill(ADMIN);
    await admin.getByLabel('Password').fill(DEMO_PASSWORD);
    await admin.getByRole('button', { name: 'Sign In as Admin' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();

    // The settle job asks Stripe again with backoff, at most an hour apart: an hour of the server's clock
    // at a time (each move runs what came due) until it has used its attempts and gives up.
    const gaveUp = async () => {
      const failed: { refs: Record<string, string> }[] = await (
        await admin.request.get('/api/admin/jobs/failed')
      ).json();
      return failed.some((j) => j.refs.withdrawalId === withdrawalId);
    };
    for (let hour = 0; hour < 150 && !(await gaveUp()); hour++) {
      expect((await buyer.request.post('/api/dev/clock', { data: { advanceSeconds: HOUR_SECONDS } })).status()).toBe(
        200,
      );
    }
    expect(await gaveUp()).toBe(true);

    // The alert in the admin's bell leads to the System tab.
    await admin.reload();
    const bell = admin.getByRole('button', { name: /^Notifications, .+ unread$/ });
    // Pressed while its panel's code is still on the way, the plain stand-in button can be swapped for the
    // real one between press and release, and the click is lost: wait for the real one (Radix marks it).
    await bell.and(admin.locator('[data-state]')).waitFor();
    await bell.click();
    const alert = admin
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Money job failed' })
      .first();
    await alert.getByText('payout.settle gave up after 100 attempts', { exact: false }).waitFor();
    await alert.getByRole('link').click();
    await admin.waitForURL(/\/admin-dashboard\?tab=system$/);
    await admin.getByRole('tab', { name: 'System', selected: true }).waitFor();

    // And by email.
    const { messages } = await (await admin.request.get('/api/dev/mailbox')).json();
    expect(
      messages.some(
        (m: { to: string; subject: string; text: string }) =>
          m.to === ADMIN &&
          m.subject === 'Holdfast: a payout.settle job failed and needs you' &&
          m.text.includes(STRIPE_REFUSAL),
      ),
    ).toBe(true);

    const card = admin.getByRole('article', { name: 'Failed payout.settle job' });
    await card.getByText(`Stripe create payout failed: ${STRIPE_REFUSAL}`).waitFor();
    await card.getByText(withdrawalId).waitFor();
    await card.getByText('after 100 of 100 attempts', { exact: false }).waitFor();
    // The counts by kind show it too.
    const payouts = admin
      .getByRole('list', { name: 'Money jobs' })
      .getByRole('listitem')
      .filter({ hasText: 'payout.settle' });
    await expect.poll(() => payouts.locator('dt:text-is("Failed") + dd').textContent()).toBe('1');
    await lookAtBothWidths(admin, 'admin-system-failed-job');

    // The operator topped up the Stripe balance. The admin retries, after confirming.
    standIn.refusePayouts(null);
    await card.getByRole('button', { name: 'Retry' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Retry this job?' });
    await confirm.getByText('runs again now, with all its 100 attempts', { exact: false }).waitFor();
    await lookAtBothWidths(admin, 'admin-system-retry-confirm');
    await confirm.getByRole('button', { name: 'Retry job' }).click();
    await admin.getByText('The job is queued and runs again now.').first().waitFor();
    await admin.getByText('No failed jobs').waitFor();
    await expect.poll(() => card.count()).toBe(0);
    // The days the clock moved through ran the daily ledger check: it passed.
    await admin.getByText('Every balance matches its postings and every entry balances.').waitFor();
    await lookAtBothWidths(admin, 'admin-system-no-failed-jobs');

    // The worker ran it at once: the payout reached Stripe. When the bank has paid, so is the withdrawal.
    await expect
      .poll(() => [...standIn.payouts.values()].find((p) => p.metadata.withdrawalId === withdrawalId)?.id)
      .toBeTruthy();
    const payout = [...standIn.payouts.values()].find((p) => p.metadata.withdrawalId === withdrawalId)!;
    standIn.settlePayout(payout.id, 'paid');
    await buyer.request.post('/api/dev/clock', { data: { advanceSeconds: HOUR_SECONDS } });
    const withdrawals: { id: string; status: string }[] = await (
      await buyer.request.get('/api/wallet/withdrawals')
    ).json();
    expect(withdrawals.find((w) => w.id === withdrawalId)?.status).toBe('paid');
  });
});
