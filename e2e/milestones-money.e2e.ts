import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONFIRMATION_PHRASE, formatMoney, type TTransaction } from '@holdfast/contracts';
import {
  browserMissing,
  DEMO_PASSWORD,
  launchBrowser,
  lookAtBothWidths,
  reportFailure,
  signInThroughForm,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The money of a deal paid in stages (issue 29, decision 033) in the browser: the buyer picks the stages to
 * fund and pays one by card and two at once from the wallet; the seller cancels the remaining stages after a
 * review of each one's money; the buyer disputes stage 2 while stage 3 goes on and a moderator splits it.
 * The demo buyer starts with R 4 124,50 in the wallet; the demo accounts are at verification tier 2.
 */
describe.skipIf(browserMissing)('the money of a deal paid in stages', () => {
  let server: RunningServer;
  let browser: Browser;
  let b: Page;
  let s: Page;
  const contexts: BrowserContext[] = [];
  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
  const zar = (v: string) => formatMoney(v, 'ZAR');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    [b, s] = await Promise.all([signedIn('buyer@holdfast.dev'), signedIn('seller@holdfast.dev')]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function context(): Promise<Page> {
    const c = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(c);
    return c.newPage();
  }

  async function signedIn(email: string): Promise<Page> {
    const page = await context();
    await signInThroughForm(page, email);
    return page;
  }

  function onFailure(name: string) {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await reportFailure(p, `failed-${name}-${i}-${j}`);
    });
  }

  /** A service in stages the demo buyer created and the demo seller accepted (through the API). */
  async function acceptedDeal(description: string, stages: { title: string; amount: string }[]) {
    const amount = stages.reduce((sum, st) => sum + Number(st.amount), 0).toFixed(2);
    const created = await b.request.post('/api/transactions', {
      data: {
        amount,
        currency: 'ZAR',
        sellerEmail: 'seller@holdfast.dev',
        description,
        type: 'service',
        milestones: stages,
      },
      headers: key(),
    });
    expect(created.status(), await created.text()).toBe(201);
    const tx = (await created.json()) as TTransaction;
    const accepted = await s.request.patch(`/api/transactions/${tx.id}/accept`, { data: {}, headers: key() });
    expect(accepted.status()).toBe(200);
    return tx;
  }

  async function api(page: Page, path: string, data?: object) {
    const res = await page.request.post(path, { ...(data ? { data } : {}), headers: key() });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  const deal = async (page: Page, id: string): Promise<TTransaction> =>
    (await page.request.get(`/api/transactions/${id}`)).json();
  const statuses = async (id: string) => (await deal(b, id)).milestones.map((m) => m.status);
  const walletOf = async (page: Page) => {
    const { balances } = await (await page.request.get('/api/wallet/balance')).json();
    return balances.find((x: { currency: string }) => x.currency === 'ZAR')?.balance ?? '0.00';
  };
  const milestone = (page: Page, n: number) => page.getByTestId('milestone').nth(n - 1);
  /** The stage's tick box: 'Fund this stage', its title for screen readers. */
  const stageBox = (page: Page, n: number, title: string) =>
    milestone(page, n).getByRole('checkbox', { name: new RegExp(`^Fund this stage\\s*:\\s*${title}$`) });

  let garden: TTransaction;

  it('pays a chosen stage by card, then two stages at once from the wallet after the review step', async () => {
    onFailure('milestones-money-fund');
    garden = await acceptedDeal('Garden makeover in three stages', [
      { title: 'Survey', amount: '1000.00' },
      { title: 'Planting', amount: '1500.00' },
      { title: 'Irrigation', amount: '2000.00' },
    ]);
    const [m1, m2, m3] = garden.milestones;

    // The buyer picks stage 2 alone: the first stage is ticked at first.
    await b.goto(`/transactions/${garden.id}`);
    await stageBox(b, 1, 'Survey').uncheck();
    await b.getByTestId('fund-stages').getByText('Tick the stages you want to fund').waitFor();
    await stageBox(b, 2, 'Planting').check();
    const panel = b.getByTestId('fund-stages');
    await panel.getByText('Stage 2 selected').waitFor();
    await panel.getByTestId('fund-stages-total').getByText(zar('1545.00')).waitFor();
    await lookAtBothWidths(b, 'milestones-choose-stage');

    // The checkout names it and charges its total by card (the sandbox's test card).
    await panel.getByRole('link', { name: 'Continue to payment' }).click();
    await b.waitForURL(`**/transactions/${garden.id}/checkout?milestones=${m2!.id}`);
    const payingFor = b.getByTestId('paying-for');
    await payingFor.getByText('Paying for 1 of 3 stages').waitFor();
    await payingFor.getByText('Planting').waitFor();
    await b.getByText(`You will be charged ${zar('1545.00')}.`).waitFor();
    await b.getByLabel('Card number').waitFor();
    await lookAtBothWidths(b, 'milestones-checkout-card');
    await b.getByLabel('Card number').fill('4242 4242 4242 4242');
    await b.getByLabel('Expiry').fill('12/34');
    await b.getByLabel('CVC').fill('123');
    await b.getByRole('button', { name: `Pay ${zar('1545.00')}`, exact: true }).click();
    await b.waitForURL(`**/transactions/${garden.id}`);
    await b.getByText('Payment Successful').first().waitFor();
    await expect.poll(() => milestone(b, 2).getAttribute('data-status')).toBe('funded');
    expect(await statuses(garden.id)).toEqual(['unfunded', 'funded', 'unfunded']);
    expect(await walletOf(b)).toBe('4124.50');

    // Stages 1 and 3 at once: their amounts, fees and total, then one payment from the wallet.
    await stageBox(b, 1, 'Survey').waitFor();
    expect(await stageBox(b, 1, 'Survey').isChecked()).toBe(true);
    await stageBox(b, 3, 'Irrigation').check();
    await panel.getByText('Stages 1, 3 selected').waitFor();
    for (const value of [zar('3000.00'), zar('90.00'), zar('3090.00')]) await panel.getByText(value).waitFor();
    await panel.getByRole('link', { name: 'Continue to payment' }).click();
    await b.waitForURL(`**/transactions/${garden.id}/checkout?milestones=${m1!.id},${m3!.id}`);
    await payingFor.getByText('Paying for 2 of 3 stages').waitFor();
    await b.getByRole('button', { name: 'Pay from wallet', exact: true }).click();
    const review = b.getByRole('alertdialog', { name: 'Review your payment' });
    const rows = review.getByTestId('review-rows');
    for (const [label, value] of [
      ['Stages', '1. Survey'],
      ['Stages', '3. Irrigation'],
      ['Amount', zar('3000.00')],
      ['Service fee (3%)', zar('90.00')],
      ['Total', zar('3090.00')],
      ['Balance after', zar('1034.50')],
    ]) {
      await rows.locator('div').filter({ hasText: label! }).filter({ hasText: value! }).first().waitFor();
    }
    await lookAtBothWidths(b, 'milestones-checkout-wallet-review');
    await review.getByRole('button', { name: `Pay ${zar('3090.00')}`, exact: true }).click();
    await b.waitForURL(`**/transactions/${garden.id}`);
    await expect.poll(() => statuses(garden.id)).toEqual(['funded', 'funded', 'funded']);
    await expect.poll(() => b.getByTestId('fund-stages').count()).toBe(0);
    expect(await walletOf(b)).toBe('1034.50');
  });

  it('the seller cancels the remaining stages after reviewing what happens to each one’s money', async () => {
    onFailure('milestones-money-cancel');
    await api(s, `/api/transactions/${garden.id}/milestones/${garden.milestones[0]!.id}/deliver`, {});

    await s.goto(`/transactions/${garden.id}`);
    await expect.poll(() => milestone(s, 1).getAttribute('data-status')).toBe('delivered');
    await s.getByRole('button', { name: 'Cancel remaining stages' }).click();
    const review = s.getByRole('alertdialog', { name: 'Cancel the remaining stages?' });
    await review.getByText('Stages 2, 3 will end and cannot be delivered any more.').waitFor();
    const rows = review.getByTestId('review-rows');
    for (const [label, value] of [
      ['Stage 1: Survey', 'Delivered: goes on to its release'],
      ['Stage 2: Planting', `Funded: ${zar('1545.00')} back to the buyer`],
      ['Stage 3: Irrigation', `Funded: ${zar('2060.00')} back to the buyer`],
      ['Back to the buyer', zar('3605.00')],
    ]) {
      await rows.locator('div').filter({ hasText: label! }).filter({ hasText: value! }).first().waitFor();
    }
    await lookAtBothWidths(s, 'milestones-cancel-remaining-review');
    await review.getByRole('button', { name: 'Cancel remaining stages' }).click();
    await s.getByText('Remaining stages cancelled').first().waitFor();
    await expect.poll(() => milestone(s, 3).getAttribute('data-status')).toBe('refunded');
    await expect.poll(() => s.getByRole('button', { name: 'Cancel remaining stages' }).count()).toBe(0);
    // The payout left is the delivered stage's alone.
    await s.getByTestId('seller-payout').getByText(zar('1000.00')).waitFor();
    await lookAtBothWidths(s, 'milestones-cancel-remaining-seller');

    // The buyer has the two stages' money back, is told so, and can still confirm the delivered stage.
    expect(await statuses(garden.id)).toEqual(['delivered', 'refunded', 'refunded']);
    expect(await walletOf(b)).toBe('4639.50');
    const { notifications } = await (await b.request.get('/api/notifications')).json();
    expect(notifications.map((n: { title: string }) => n.title)).toContain('Remaining stages cancelled');
    await b.goto(`/transactions/${garden.id}`);
    await milestone(b, 2).getByText('Refunded').waitFor();
    await milestone(b, 1).getByLabel('Confirmation phrase').waitFor();
    await expect.poll(() => b.getByRole('button', { name: 'Cancel remaining stages' }).count()).toBe(0);
    await lookAtBothWidths(b, 'milestones-cancel-remaining-buyer');
  });

  it('the buyer disputes stage 2 while stage 3 goes on; a moderator splits it; each side sees the outcome', async () => {
    onFailure('milestones-money-dispute');
    const site = await acceptedDeal('Website in three stages', [
      { title: 'Design', amount: '1000.00' },
      { title: 'Build', amount: '1200.00' },
      { title: 'Launch', amount: '800.00' },
    ]);
    const [m1, m2, m3] = site.milestones.map((m) => m.id);
    const sellerBefore = Number(await walletOf(s));
    await api(b, `/api/transactions/${site.id}/milestones/fund`, { milestoneIds: [m1, m2, m3] });
    await api(s, `/api/transactions/${site.id}/milestones/${m1}/deliver`, {});
    await api(b, `/api/transactions/${site.id}/milestones/${m1}/confirm`, { confirmationPhrase: CONFIRMATION_PHRASE });
    await api(s, `/api/transactions/${site.id}/milestones/${m2}/deliver`, {});
    await api(s, `/api/transactions/${site.id}/milestones/${m3}/deliver`, {});

    // The buyer asks a moderator to look at stage 2 only.
    await b.goto(`/transactions/${site.id}`);
    await milestone(b, 2).getByRole('button', { name: 'Request Moderation' }).click();
    const form = b.getByRole('dialog', { name: 'Request Moderation: “Build”' });
    await form.getByLabel('Dispute Type').click();
    await b.getByRole('option', { name: 'Quality issue' }).click();
    await form.getByLabel('Description').fill('The checkout page of the build does not work');
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await b.getByText('Dispute Created').first().waitFor();
    await b.getByText('Stage 2 (“Build”) is under review by a moderator. The other stages go on.').waitFor();
    await expect.poll(() => milestone(b, 2).getAttribute('data-status')).toBe('disputed');
    await lookAtBothWidths(b, 'milestones-dispute-buyer');

    // Stage 3 goes on: the buyer confirms it while stage 2 is in dispute.
    await milestone(b, 3).getByLabel('Confirmation phrase').fill(CONFIRMATION_PHRASE);
    await milestone(b, 3).getByRole('button', { name: 'Confirm Receipt & Release Funds' }).click();
    await b.getByText('Milestone confirmed and funds released').first().waitFor();
    await expect.poll(() => milestone(b, 3).getAttribute('data-status')).toBe('released');
    expect((await deal(b, site.id)).status).toBe('disputed');

    // The seller sees the same: stage 2 in dispute, stage 3 paid.
    await s.goto(`/transactions/${site.id}`);
    await milestone(s, 2).getByText('In dispute').waitFor();
    await milestone(s, 3).getByText('Released').waitFor();
    await s.getByText('Stage 2 (“Build”) is under review by a moderator. The other stages go on.').waitFor();
    await lookAtBothWidths(s, 'milestones-dispute-seller');

    // Each side's list names the stage the deal waits on, not a single-amount deal's words.
    for (const page of [b, s]) {
      await page.goto('/transactions');
      const listRow = page.locator(`a[href="/transactions/${site.id}"]`);
      await listRow.getByText('Stage 2 in dispute').waitFor();
    }

    // The moderator's queue names the stage; the decision is over its money (R 1 200 + R 36 fee).
    const m = await context();
    const login = await m.request.post('/api/auth/login', {
      data: { email: 'moderator@holdfast.dev', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await m.goto('/moderator-dashboard');
    const row = m.getByRole('listitem').filter({ hasText: 'Website in three stages — Stage 2: Build' });
    await row.waitFor();
    // The queue shows the stage's money (R 1 200 + R 36 fee), not the deal's total.
    expect(await row.locator('[data-column="case-total"]').textContent()).toBe(`Stage 2: ${zar('1236.00')}`);
    await lookAtBothWidths(m, 'milestones-dispute-moderator-queue');
    await row.getByRole('button', { name: 'Assign to Me' }).click();
    await row.getByText('In review').waitFor();
    await row.getByRole('button', { name: 'Resolve' }).click();
    const resolve = m.getByRole('dialog', { name: 'Resolve Dispute' });
    await resolve
      .getByText(
        `Final: the escrowed ${zar('1236.00')} moves at once. The amount is ${zar('1200.00')}, the fee ${zar('36.00')}.`,
      )
      .waitFor();
    await resolve.getByLabel('Resolution', { exact: true }).click();
    await m.getByRole('option', { name: 'Partial refund' }).click();
    await resolve.getByLabel(/Refund to the buyer/).fill('400');
    // 400 of the 1 200 back with its share of the stage's fee (12), the seller 800.
    await resolve.getByText(`Buyer receives ${zar('412.00')}`, { exact: false }).waitFor();
    await resolve.getByLabel('Resolution Notes').fill('The checkout page needed a third of the build again.');
    await lookAtBothWidths(m, 'milestones-dispute-resolve');
    await resolve.getByRole('button', { name: 'Resolve Dispute' }).click();
    await m.getByText('Dispute Resolved').first().waitFor();

    // Every stage has ended with money to the seller: the deal is completed; each side sees the split.
    await expect.poll(async () => (await deal(b, site.id)).status).toBe('completed');
    expect(await statuses(site.id)).toEqual(['released', 'released', 'released']);
    expect(await walletOf(b)).toBe('1961.50');
    expect((Number(await walletOf(s)) - sellerBefore).toFixed(2)).toBe('2600.00');
    for (const [page, who] of [
      [b, 'buyer'],
      [s, 'seller'],
    ] as const) {
      await page.goto(`/transactions/${site.id}`);
      await page.getByText('Dispute resolved: Partial refund').waitFor();
      await page.getByText('Stage 2: Build', { exact: true }).waitFor();
      await lookAtBothWidths(page, `milestones-dispute-outcome-${who}`);
    }
  });
});
